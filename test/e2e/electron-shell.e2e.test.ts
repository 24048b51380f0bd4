import { existsSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildAppFolder, chromiumPath, startElectronStandIn, type ElectronStandIn } from '../electron-stand-in/index.js';

let built: Awaited<ReturnType<typeof buildAppFolder>>;
let standIn: ElectronStandIn;

beforeAll(async () => {
  built = await buildAppFolder();
  standIn = await startElectronStandIn({ appDir: built.appDir });
}, 180_000);

afterAll(async () => {
  await standIn?.close();
  await built?.remove();
});

describe.skipIf(!existsSync(chromiumPath))('the app in the Electron stand-in', () => {
  it('starts and shows the Start screen', async () => {
    const app = standIn.launch();
    const page = await app.mainPage();
    page.on('console', (m) => console.log('page:', m.type(), m.text()));
    await page.getByRole('heading', { name: 'Start', level: 2 }).waitFor({ timeout: 20_000 });
    console.log(app.ipcMain.calls.slice(0, 5), page.url());
    await app.quit();
    expect(await app.exited).toBe(0);
    expect(standIn.faults).toEqual([]);
  });
});
