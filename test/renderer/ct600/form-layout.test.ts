import { describe, expect, it } from 'vitest';
import { effectiveFigures, FORM_LAYOUT, formFromDraft } from '../../../renderer/src/features/ct600/form.js';
import { checkForm } from '../../../renderer/src/features/ct600/form-request.js';
import { validForm } from './fake-main.js';

/** A draft as the first layout saved it: box 165 typed, 155 computed from it. */
const firstLayout = (values: Record<string, string>, overrides: Record<string, boolean> = {}) =>
  structuredClone({ ...validForm, values: { ...validForm.values, ...values }, overrides }) as Record<string, unknown>;

const tradingBoxes = (request: Record<string, unknown>) => ({
  tradingProfits: request.tradingProfits,
  lossesBroughtForward: request.lossesBroughtForward,
  netProfits: request.netProfits,
});

describe('CT600 form: boxes 155, 160 and 165 in HMRC’s direction', () => {
  it('types 155 and 160 and computes 165 = 155 − 160 for the request', () => {
    const form = formFromDraft({ ...firstLayout({}), layout: FORM_LAYOUT, values: { ...validForm.values, netProfits: undefined, tradingProfits: '45,000', lossesBroughtForward: '5,000' } });
    expect(effectiveFigures(form).computed.netProfits).toBe(4_000_000);
    expect(tradingBoxes(checkForm(form).request)).toEqual({ tradingProfits: { value: 45000 }, lossesBroughtForward: { value: 5000 }, netProfits: { value: 40000 } });
  });

  it('puts losses above the trading profits on box 160, where they were typed, not on the computed box 165', () => {
    const form = formFromDraft({ ...structuredClone(validForm), layout: FORM_LAYOUT, values: { ...validForm.values, tradingProfits: '40,000', lossesBroughtForward: '50,000' } } as Record<string, unknown>);
    const check = checkForm(form);
    expect(check.errors.has('netProfits')).toBe(false);
    expect(check.errors.get('lossesBroughtForward')).toMatch(/^Trading losses brought forward must not be more than the trading profits in box 155/);
    expect(check.parses).toBe(false);
  });

  it('opens a draft of the first layout with the same figures, and sends the same request', () => {
    const old = firstLayout({ netProfits: '40,000', lossesBroughtForward: '5000' });
    const form = formFromDraft(old);
    expect(form.layout).toBe(FORM_LAYOUT);
    expect(form.values.tradingProfits).toBe('45000');
    expect(form.values.lossesBroughtForward).toBe('5000');
    expect(form.values.netProfits).toBeUndefined();
    expect(form.overrides).toEqual({});
    expect(tradingBoxes(checkForm(form).request)).toEqual({ tradingProfits: { value: 45000 }, lossesBroughtForward: { value: 5000 }, netProfits: { value: 40000 } });
    // Everything else in the request is untouched by the move.
    const { tradingProfits: _t, lossesBroughtForward: _l, netProfits: _n, ...rest } = checkForm(form).request;
    expect(checkForm(form).errors.size).toBe(0);
    expect(rest.chargeableProfits).toEqual({ value: 40000 });
  });

  it('keeps box 165 exactly as typed when there are no losses', () => {
    const form = formFromDraft(firstLayout({ netProfits: '40,000.00' }));
    expect(form.values.tradingProfits).toBe('40,000.00');
  });

  it('keeps a first-layout figure entered in box 155 and a 165 that does not follow from it', () => {
    const form = formFromDraft(firstLayout({ netProfits: '40000', lossesBroughtForward: '1000', tradingProfits: '42,000' }, { tradingProfits: true }));
    expect(form.values.tradingProfits).toBe('42,000');
    expect(form.values.netProfits).toBe('40000');
    expect(form.overrides).toEqual({ netProfits: true });
    expect(tradingBoxes(checkForm(form).request)).toEqual({ tradingProfits: { value: 42000 }, lossesBroughtForward: { value: 1000 }, netProfits: { value: 40000 } });
  });

  it('drops the entered-figure mark when the first layout’s 155 agrees with 165 + 160', () => {
    const form = formFromDraft(firstLayout({ netProfits: '40000', lossesBroughtForward: '1000', tradingProfits: '41000' }, { tradingProfits: true }));
    expect(form.values).toMatchObject({ tradingProfits: '41000' });
    expect(form.values.netProfits).toBeUndefined();
    expect(form.overrides).toEqual({});
  });

  it('keeps text in box 165 that is no figure, so nothing typed is lost', () => {
    const form = formFromDraft(firstLayout({ netProfits: '40k' }));
    expect(form.values.netProfits).toBe('40k');
    expect(form.overrides).toEqual({ netProfits: true });
    expect(checkForm(form).errors.get('netProfits')).toMatch(/Enter an amount/);
  });

  it('reads a draft of the current layout as it is', () => {
    const stored = { ...firstLayout({}), layout: FORM_LAYOUT, values: { ...validForm.values, netProfits: '39,000', tradingProfits: '40,000' }, overrides: { netProfits: true } };
    const form = formFromDraft(stored);
    expect(form.values).toMatchObject({ netProfits: '39,000', tradingProfits: '40,000' });
    expect(form.overrides).toEqual({ netProfits: true });
  });
});
