// Renders the app and document icons from their SVG sources in assets/ into
// every file the installers need, and writes them into assets/ (committed, so
// a build needs no renderer): `npm run icons` after changing an SVG.
//  - icon.png (1024 px: electron-builder's source for Linux and the dmg),
//    icons/<n>x<n>.png (Linux desktop entries and hicolor theme sizes),
//  - icon.icns (macOS: 16–1024 px), icon.ico (Windows: 16–256 px),
//  - file-package.{icns,ico} and file-draft.{icns,ico} for the file types.
import { readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Resvg } from '@resvg/resvg-js';
import png2icons from 'png2icons';

const assets = join(fileURLToPath(new URL('.', import.meta.url)), '..', 'assets');
export const LINUX_SIZES = [16, 24, 32, 48, 64, 128, 256, 512, 1024];

export function render(svgFile, size) {
  const svg = readFileSync(join(assets, svgFile));
  return new Resvg(svg, { fitTo: { mode: 'width', value: size }, background: 'rgba(0,0,0,0)' }).render().asPng();
}

function write(name, bytes) {
  if (!bytes) throw new Error(`make-icons: ${name} could not be made`);
  writeFileSync(join(assets, name), bytes);
  console.log(`wrote assets/${name} (${bytes.length} bytes)`);
}

function main() {
  png2icons.setLogger(() => undefined);
  const big = render('icon.svg', 1024);
  write('icon.png', big);
  mkdirSync(join(assets, 'icons'), { recursive: true });
  for (const size of LINUX_SIZES) write(`icons/${size}x${size}.png`, render('icon.svg', size));
  write('icon.icns', png2icons.createICNS(big, png2icons.BICUBIC2, 0));
  write('icon.ico', png2icons.createICO(big, png2icons.BICUBIC2, 0, false, true));
  for (const name of ['file-package', 'file-draft']) {
    const png = render(`${name}.svg`, 1024);
    write(`${name}.icns`, png2icons.createICNS(png, png2icons.BICUBIC2, 0));
    write(`${name}.ico`, png2icons.createICO(png, png2icons.BICUBIC2, 0, false, true));
  }
}

main();
