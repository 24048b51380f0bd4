// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { fakeMain } from './fake-main.js';
import { openWizard } from './open-wizard.js';

afterEach(cleanup);

describe('CT600 wizard: the steps of the return', () => {
  it('counts answers to fix only on a step that has been started', async () => {
    const { bridge } = fakeMain();
    openWizard(bridge);
    await screen.findByLabelText('Company name (box 1)');
    const statusOf = (id: string) => screen.getByTestId(`task-${id}`).parentElement!.textContent;
    expect(statusOf('declaration')).toBe('4. DeclarationNot started');
    expect(statusOf('profits')).not.toMatch(/to fix/);
    fireEvent.click(screen.getByTestId('task-declaration'));
    fireEvent.change(screen.getByLabelText('Name of the person making the declaration (box 975)'), { target: { value: 'Jane Smith' } });
    expect(statusOf('declaration')).toMatch(/In progress 2 to fix$/);
  });
});
