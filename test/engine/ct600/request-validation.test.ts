/**
 * Every bad input the build refuses, with the field and the rule named, and
 * never a half-built document.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildCt600, type Ct600RequestInput } from '../../../main/engine/ct600/index.js';
import { RequestValidationError, type FieldError } from '../../../main/engine/errors.js';
import { ct600RequestSchema } from '../../../main/engine/ct600/request-schema.js';
import { fullReturn, gbp, minimumReturn } from '../../fixtures/ct600-requests.js';

type Mutable = Record<string, any>;

function errorsOf(request: unknown, options?: Parameters<typeof buildCt600>[1]): FieldError[] {
  try {
    buildCt600(request, options);
  } catch (err) {
    expect(err).toBeInstanceOf(RequestValidationError);
    const errors = (err as RequestValidationError).errors;
    for (const e of errors) expect(e.message).not.toMatch(/\n\s+at /); // never a stack trace
    return errors;
  }
  throw new Error('the build was expected to refuse the request');
}

function expectError(mutate: (r: Mutable) => void, field: string, message: RegExp, base = fullReturn) {
  const r = structuredClone(base()) as Mutable;
  mutate(r);
  const errors = errorsOf(r);
  expect(errors, JSON.stringify(errors)).toContainEqual({ field, message: expect.stringMatching(message) });
}

describe('missing required fields', () => {
  const required: [string, RegExp][] = [
    ['companyName', /is required.*company name, box 1/],
    ['reference', /is required.*UTR.*box 3/],
    ['companyType', /is required.*company type.*box 4/],
    ['periodCovered', /is required.*boxes 30 and 35/],
    ['returnType', /is required.*return type/],
    ['sender', /is required.*sender/],
    ['accounts', /is required/],
    ['computations', /is required/],
    ['chargeableProfits', /is required.*box 315/],
    ['netCorporationTaxChargeable', /is required.*box 440/],
    ['taxPayable', /is required.*box 525/],
    ['declaration', /is required/],
  ];
  for (const [field, message] of required) {
    it(`refuses a request without ${field}`, () => expectError((r) => delete r[field], field, message));
  }
  it('names nested fields', () => {
    expectError((r) => delete r.periodCovered.to, 'periodCovered.to', /is required/);
    expectError((r) => delete r.declaration.name, 'declaration.name', /is required/);
    expectError((r) => delete r.chargeableProfits.value, 'chargeableProfits.value', /is required.*box 315/);
    expectError((r) => delete r.accounts.itemElementName, 'accounts.itemElementName', /is required/);
  });
  it('lists every problem at once', () => {
    const errors = errorsOf({});
    expect(errors.map((e) => e.field)).toEqual(
      expect.arrayContaining(['companyName', 'reference', 'companyType', 'periodCovered', 'sender', 'declaration', 'taxPayable']),
    );
  });
  it('refuses something that is not an object at all', () => {
    for (const notAnObject of ['hello', null, 42, [fullReturn()]]) {
      expect(errorsOf(notAnObject)).toEqual([{ field: '', message: 'must be a build-ct600 request object' }]);
    }
  });
});

describe('wrong types', () => {
  it('names the field and the type expected', () => {
    expectError((r) => (r.companyName = 42), 'companyName', /must be text/);
    expectError((r) => (r.chargeableProfits.value = '40000'), 'chargeableProfits.value', /must be a number \(box 315/);
    expectError((r) => (r.taxPayable = 7600), 'taxPayable', /must be a monetary amount \{currency, value\} \(box 525/);
    expectError((r) => (r.periodCovered = '2024-04-01'), 'periodCovered', /must be an object \{from, to\}/);
    expectError((r) => (r.declaration.acceptDeclaration = 'yes'), 'declaration.acceptDeclaration', /must be true or false/);
    expectError((r) => (r.attachedFiles = 'accounts.xhtml'), 'attachedFiles', /must be an attached file \{filename, value, itemsElementName\} or an array of them/);
    expectError((r) => (r.attachedFiles = [null]), 'attachedFiles[0]', /must be an attached file \{filename, value, itemsElementName\}/);
    expectError((r) => (r.financialYear = 2024.5), 'financialYear', /must be a whole year number such as 2024 \(box 330\)/);
    expectError((r) => (r.financialYear = '2024'), 'financialYear', /must be a whole year number such as 2024 \(box 330\)/);
    expectError((r) => (r.registrationNumber = 12345678), 'registrationNumber', /must be text \(box 2/);
    expectError((r) => (r.utrValue = 8596148860), 'utrValue', /must be the company UTR as text/);
    expectError((r) => (r.financialYearTaxRate = '19'), 'financialYearTaxRate', /must be a number, the tax rate/);
  });
  it('refuses unknown fields instead of dropping a misspelt figure', () => {
    expectError((r) => (r.chargableProfits = gbp(1)), 'chargableProfits', /is not a known field/);
    expectError((r) => (r.declaration.date = '2025-01-01'), 'declaration.date', /is not a known field/);
  });
});

describe('company name (box 1)', () => {
  it('refuses names shorter than 2 or longer than 56 characters', () => {
    expectError((r) => (r.companyName = 'A'), 'companyName', /must be 2–56 characters long.*it has 1/);
    expectError((r) => (r.companyName = 'A'.repeat(57)), 'companyName', /must be 2–56 characters long.*it has 57/);
  });
  it('refuses £ $ # ~ € and characters outside HMRC’s set', () => {
    for (const c of ['£', '$', '#', '~', '€']) {
      expectError((r) => (r.companyName = `Acme ${c} Ltd`), 'companyName', new RegExp(`must not contain "\\${c}"`));
    }
    expectError((r) => (r.companyName = 'Café Ltd'), 'companyName', /contains "é", which HMRC's character set does not allow/);
    expectError((r) => (r.companyName = 'Acme\nLtd'), 'companyName', /contains "\n"/);
  });
  it('refuses a blank name', () => {
    expectError((r) => (r.companyName = '   '), 'companyName', /must not be blank \(the company name, box 1\)/);
  });
  it('applies the same rules to the declaration', () => {
    expectError((r) => (r.declaration.name = 'J'), 'declaration.name', /2–56 characters/);
    expectError((r) => (r.declaration.status = 'Director €'), 'declaration.status', /must not contain "€"/);
  });
});

describe('UTR and registration number', () => {
  it('refuses a reference that is not 10 digits', () => {
    for (const utr of ['859614886', '85961488600', '85961488a0', ' 8596148860']) {
      expectError((r) => (r.reference = utr), 'reference', /must be the 10-digit UTR \(box 3\)/);
    }
  });
  it('refuses a utrValue that differs from reference', () => {
    expectError((r) => (r.utrValue = '1234567890'), 'utrValue', /must equal reference \(box 3, 8596148860\)/);
  });
  it('refuses a malformed utrValue', () => {
    expectError((r) => (r.utrValue = '12345'), 'utrValue', /10-digit UTR/);
  });
  it('refuses a registration number outside [A-Z0-9]{2,8}', () => {
    expectError((r) => (r.registrationNumber = 'sc123456'), 'registrationNumber', /2–8 upper-case letters or digits \(box 2/);
  });
});

describe('period (boxes 30 and 35)', () => {
  it('refuses dates that are not ISO 8601', () => {
    expectError((r) => (r.periodCovered.from = '01/04/2024'), 'periodCovered.from', /ISO 8601/);
    expectError((r) => (r.periodCovered.to = '2025-3-31'), 'periodCovered.to', /ISO 8601/);
    expectError((r) => (r.periodCovered.to = '2025-02-30T00:00:00'), 'periodCovered.to', /is not a calendar date/);
  });
  it('refuses times other than midnight, and zone designators', () => {
    expectError((r) => (r.periodCovered.from = '2024-04-01T09:30:00'), 'periodCovered.from', /must be midnight/);
    expectError((r) => (r.periodCovered.from = '2024-04-01T00:00:00.001'), 'periodCovered.from', /must be midnight/);
    expectError((r) => (r.periodCovered.to = '2025-03-31T00:00:00Z'), 'periodCovered.to', /without a zone designator/);
  });
  it('accepts a plain date and fractional zero seconds', () => {
    const r = structuredClone(fullReturn()) as Mutable;
    r.periodCovered = { from: '2024-04-01', to: '2025-03-31T00:00:00.000' };
    expect(() => buildCt600(r)).not.toThrow();
  });
  it('refuses a period longer than 12 months', () => {
    expectError((r) => (r.periodCovered.to = '2025-04-01T00:00:00'), 'periodCovered.to', /longer than 12 months.*must end by 2025-03-31/);
  });
  it('takes 29 February’s anniversary as 1 March', () => {
    const r = structuredClone(fullReturn()) as Mutable;
    r.periodCovered = { from: '2024-02-29T00:00:00', to: '2025-02-28T00:00:00' };
    expect(() => buildCt600(r)).not.toThrow();
    expectError((x) => (x.periodCovered = { from: '2024-02-29T00:00:00', to: '2025-03-01T00:00:00' }), 'periodCovered.to', /12 months/);
  });
  it('refuses a period starting before 2015-04-01', () => {
    expectError(
      (r) => (r.periodCovered = { from: '2015-03-31T00:00:00', to: '2016-03-30T00:00:00' }),
      'periodCovered.from',
      /must be on or after 2015-04-01/,
    );
  });
  it('refuses an end before the start', () => {
    expectError((r) => (r.periodCovered.to = '2024-03-31T00:00:00'), 'periodCovered.to', /must not be before periodCovered.from/);
  });
});

describe('amounts', () => {
  it('refuses more than 2 decimals', () => {
    expectError((r) => (r.taxPayable.value = 7600.001), 'taxPayable.value', /at most 2 decimal places \(box 525/);
    expectError((r) => (r.financialYearTaxRate = 19.005), 'financialYearTaxRate', /at most 2 decimal places \(box 340/);
  });
  it('refuses non-finite numbers', () => {
    expectError((r) => (r.taxPayable.value = Number.POSITIVE_INFINITY), 'taxPayable.value', /finite number/);
    expectError((r) => (r.taxChargeable.value = Number.NaN), 'taxChargeable.value', /must be a finite number, not NaN/);
    expectError((r) => (r.taxChargeable.value = Number.NEGATIVE_INFINITY), 'taxChargeable.value', /must be a finite number, not -Infinity/);
  });
  it('refuses negative amounts and amounts beyond the schema’s maximum', () => {
    expectError((r) => (r.taxPayable.value = -1), 'taxPayable.value', /must not be negative \(box 525/);
    expectError((r) => (r.taxPayable.value = 100_000_000_000), 'taxPayable.value', /at most 99999999999.99/);
    // Too large, not "too many decimals".
    expectError((r) => (r.taxPayable.value = 1e21), 'taxPayable.value', /^must be at most 99999999999.99/);
    expectError((r) => (r.taxPayable.value = 123456789012345.67), 'taxPayable.value', /^must be at most 99999999999.99/);
  });
  it('accepts the largest amounts the schema allows, and floating-point noise is refused, not rounded', () => {
    const r = structuredClone(fullReturn()) as Mutable;
    r.taxPayable = gbp(99999999999.99);
    r.total = gbp(99999999999);
    expect(() => buildCt600(r)).not.toThrow();
    expectError((x) => (x.taxPayable.value = 0.1 + 0.2), 'taxPayable.value', /at most 2 decimal places.*0.30000000000000004/);
  });
  it('refuses pence in whole-pound boxes', () => {
    const wholePoundBoxes: [string, number][] = [
      ['total', 145],
      ['lossesBroughtForward', 160],
      ['netProfits', 165],
      ['profitsBeforeOtherDeductions', 235],
      ['profitsBeforeDonationsAndGroupRelief', 300],
      ['chargeableProfits', 315],
      ['financialYearProfit', 335],
      ['tradingProfits', 155],
    ];
    for (const [field, box] of wholePoundBoxes) {
      expectError((r) => (r[field] = gbp(100.5)), `${field}.value`, new RegExp(`must be whole pounds \\(box ${box}.*100\\.50 has pence`));
    }
  });
  it('accepts pence in pound-and-pence boxes', () => {
    const r = structuredClone(fullReturn()) as Mutable;
    r.taxPayable = gbp(7600.99);
    expect(() => buildCt600(r)).not.toThrow();
  });
  it('refuses pence in box 385 (profit of the second financial year)', () => {
    expectError(
      (r) => {
        r.periodCovered = { from: '2023-01-01T00:00:00', to: '2023-12-31T00:00:00' };
        r.financialYearTax = undefined;
        r.corporationTax = undefined;
        r.financialYearTwo = { profit: gbp(10.5), taxRate: 25 };
      },
      'financialYearTwo.profit.value',
      /must be whole pounds \(box 385/,
    );
  });
  it('refuses currencies other than GBP, and unknown currency codes', () => {
    expectError((r) => (r.taxPayable.currency = 0), 'taxPayable.currency', /must be GBP \(code 1\)/);
    expectError((r) => (r.taxPayable.currency = 'EUR'), 'taxPayable.currency', /must be GBP/);
    expectError((r) => (r.taxPayable.currency = 7), 'taxPayable.currency', /7 is not a known currency; use 0 "EUR", 1 "GBP"/);
  });
  it('refuses a tax rate outside 0–100%', () => {
    expectError((r) => (r.financialYearTaxRate = 101), 'financialYearTaxRate', /percentage from 0 to 100 \(box 340/);
  });
});

describe('enum codes', () => {
  const cases: [string, (r: Mutable) => void, RegExp][] = [
    ['returnType', (r) => (r.returnType = 2), /2 is not a known return type; use 0 "amended", 1 "new"/],
    ['returnType', (r) => (r.returnType = 'New'), /"New" is not a known return type/],
    ['sender', (r) => (r.sender = 10), /10 is not a known sender/],
    ['companyType', (r) => (r.companyType = 12), /12 is not a company type \(box 4\)/],
    ['companyType', (r) => (r.companyType = 1.5), /1.5 is not a company type/],
    ['accounts.itemElementName', (r) => (r.accounts.itemElementName = 3), /3 is not a known accounts choice/],
    ['accounts.noAccountsReason', (r) => (r.accounts = { itemElementName: 2, noAccountsReason: 7 }), /7 is not a known reason for no accounts/],
    ['computations.nocomputationsReason', (r) => (r.computations = { itemElementName: 2, nocomputationsReason: 6 }), /6 is not a known reason for no computations/],
    ['attachedFiles[0].itemsElementName', (r) => (r.attachedFiles[0].itemsElementName = 2), /2 is not a known attachment kind; use 0 "Accounts", 1 "Computation"/],
  ];
  for (const [field, mutate, message] of cases) it(`refuses an unknown ${field}`, () => expectError(mutate, field, message));

  it('requires the reason when the reason is the choice', () => {
    expectError((r) => (r.accounts = { itemElementName: 2 }), 'accounts.noAccountsReason', /is required when itemElementName is NoAccountsReason/);
    expectError((r) => (r.computations = { itemElementName: 2, nocomputationsReason: null }), 'computations.nocomputationsReason', /is required when/);
  });
});

describe('attachments', () => {
  it('refuses base64 that is not canonical (xs:base64Binary wants zero padding bits)', () => {
    for (const value of ['AB==', 'AAB=', 'PGh0bWw+PC9odG1sPh==']) {
      expectError((r) => (r.attachedFiles[0].value = value), 'attachedFiles[0].value', /is not canonical base64/);
    }
    for (const value of ['====', 'A===', 'AB=C']) {
      expectError((r) => (r.attachedFiles[0].value = value), 'attachedFiles[0].value', /is not valid base64/);
    }
  });
  it('accepts exactly the canonical base64 the rule spelled out character by character accepts, whitespace removed', () => {
    const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
    /** xs:base64Binary as the message needs it: the compact text, or null when refused. */
    const byRule = (text: string): string | null => {
      const compact = [...text].filter((c) => !'\r\n\t '.includes(c)).join('');
      if (compact.length === 0 || compact.length % 4 !== 0) return null;
      const padding = compact.endsWith('==') ? 2 : compact.endsWith('=') ? 1 : 0;
      const data = compact.slice(0, compact.length - padding);
      if ([...data].some((c) => !ALPHABET.includes(c))) return null;
      const unusedBits = padding === 2 ? 0b1111 : padding === 1 ? 0b11 : 0;
      return (ALPHABET.indexOf(data[data.length - 1]!) & unusedBits) === 0 ? compact : null;
    };
    const valid = fc.uint8Array({ minLength: 0, maxLength: 70_000 }).map((b) => Buffer.from(b).toString('base64'));
    const damaged = fc
      .tuple(valid, fc.nat(), fc.constantFrom('=', '==', ' ', '\n', '\r\n', '\t', '-', '_', 'é', 'A', '\u0000'), fc.boolean())
      .map(([text, at, c, replace]) => {
        const i = text.length === 0 ? 0 : at % text.length;
        return text.slice(0, i) + c + text.slice(replace ? i + 1 : i);
      });
    const arbitrary = fc.string({ unit: fc.constantFrom(...'AQgw/+=\n \t-é'), maxLength: 40 });
    fc.assert(
      fc.property(fc.oneof(valid, damaged, arbitrary), (value) => {
        const parsed = ct600RequestSchema.safeParse({ ...fullReturn(), attachedFiles: [{ filename: 'a.xhtml', value, itemsElementName: 0 }] });
        const expected = byRule(value);
        expect(parsed.success, JSON.stringify(value.slice(0, 80))).toBe(expected !== null);
        if (parsed.success) expect(parsed.data.attachedFiles?.[0]?.base64).toBe(expected);
      }),
      { numRuns: 400 },
    );
  });

  it('refuses invalid base64', () => {
    expectError((r) => (r.attachedFiles[0].value = 'not base64!'), 'attachedFiles[0].value', /is not valid base64/);
    expectError((r) => (r.attachedFiles[1].value = 'abc'), 'attachedFiles[1].value', /is not valid base64/);
    expectError((r) => (r.attachedFiles[0].value = ''), 'attachedFiles[0].value', /is empty/);
  });
  it('names unknown fields inside an attached file, and a single object sent as the interface shows it', () => {
    expectError((r) => (r.attachedFiles[1].mimeType = 'text/html'), 'attachedFiles[1].mimeType', /is not a known field/);
    expectError((r) => (r.attachedFiles = { ...r.attachedFiles[0], value: '%%%' }), 'attachedFiles.value', /is not valid base64/);
    expectError((r) => (r.attachedFiles = 42), 'attachedFiles', /must be an attached file \{filename, value, itemsElementName\} or an array/);
  });
  it('refuses file names with characters HMRC does not allow', () => {
    expectError((r) => (r.attachedFiles[0].filename = 'accounts/2025.xhtml'), 'attachedFiles[0].filename', /file names/);
  });
  it('refuses more than 25 MB of attachments in total', () => {
    const big = 'A'.repeat(13 * 1024 * 1024);
    expectError(
      (r) => {
        r.attachedFiles[0].value = big;
        r.attachedFiles[1].value = big;
      },
      'attachedFiles',
      /26\.0 MiB of base64 in total; HMRC accepts at most 25 MiB of attachments per return/,
    );
  });
});

describe('declaration (box 975)', () => {
  it('refuses acceptDeclaration false', () => {
    expectError((r) => (r.declaration.acceptDeclaration = false), 'declaration.acceptDeclaration', /must be true: a return can only be filed once the declaration/);
  });
});

describe('derived boxes are checked when given', () => {
  it('box 155 = 165 + 160', () => {
    expectError((r) => (r.tradingProfits = gbp(39000)), 'tradingProfits', /box 155 must equal box 165 \+ box 160 \(40000.00\); got 39000.00/);
  });
  it('box 330 is the financial year of box 30', () => {
    expectError((r) => (r.financialYear = 2025), 'financialYear', /box 330 must be the financial year in which the period starts \(2024/);
  });
  it('box 430 = Σ345', () => {
    expectError((r) => (r.corporationTax = gbp(7500)), 'corporationTax', /box 430 must equal .* = 7600.00\); got 7500.00/);
  });
  it('box 475 = 440 − 470, and 470 may not exceed 440', () => {
    expectError((r) => (r.netCorporationTaxLiability = gbp(1)), 'netCorporationTaxLiability', /box 475 must equal box 440 − box 470 \(7600.00\)/);
    expectError((r) => (r.totalReliefsAndDeductions = gbp(8000)), 'totalReliefsAndDeductions', /must not exceed box 440/);
  });
  it('box 470 = 445 + 450 + 465, and a non-zero 470 needs its parts (HMRC rule 9247)', () => {
    expectError(
      (r) => Object.assign(r, { totalReliefsAndDeductions: gbp(600) }),
      'totalReliefsAndDeductions',
      /box 470 is the total of boxes 445, 450 and 465: give the parts/,
    );
    expectError(
      (r) => Object.assign(r, { communityInvestmentRelief: gbp(100), doubleTaxationRelief: gbp(200), totalReliefsAndDeductions: gbp(600) }),
      'totalReliefsAndDeductions',
      /box 470 must equal boxes 445 \+ 450 \+ 465 \(300.00\); got 600.00/,
    );
  });
  it('accepts given derived boxes that agree', () => {
    const r = { ...fullReturn(), tradingProfits: gbp(40000), financialYear: 2024, corporationTax: gbp(7600), netCorporationTaxLiability: gbp(7600) };
    expect(() => buildCt600(r)).not.toThrow();
  });
  it('box 345 = 335 × 340 / 100, rounded half-up to the penny', () => {
    expectError((r) => (r.financialYearTax = gbp(1)), 'financialYearTax', /box 345 must equal profit × rate \(40000.00 × 19.00% = 7600.00, rounded half-up/);
    const r = { ...fullReturn(), financialYearProfit: gbp(333), financialYearTaxRate: 19.5, financialYearTax: gbp(64.94) }; // 64.935 → 64.94
    expect(() => buildCt600(r)).not.toThrow();
    expectError((x) => Object.assign(x, { financialYearProfit: gbp(333), financialYearTaxRate: 19.5, financialYearTax: gbp(64.93) }), 'financialYearTax', /= 64.94/);
  });
  it('box 395 on the same terms, box 380 is the next year, and FinancialYearTwo needs the first year', () => {
    const straddling = (r: Mutable) => {
      r.periodCovered = { from: '2023-01-01T00:00:00', to: '2023-12-31T00:00:00' };
      r.financialYearTax = undefined;
      r.corporationTax = undefined;
    };
    expectError((r) => { straddling(r); r.financialYearTwo = { profit: gbp(1000), taxRate: 25, tax: gbp(999999) }; }, 'financialYearTwo.tax', /box 395 must equal profit × rate .*= 250.00/);
    expectError((r) => { straddling(r); r.financialYearTwo = { year: 2024, profit: gbp(1000), taxRate: 25 }; }, 'financialYearTwo.year', /box 380 must be 2023/);
    expectError(
      (r) => {
        straddling(r);
        delete r.financialYearProfit;
        delete r.financialYearTaxRate;
        r.financialYearTwo = { profit: gbp(1000), taxRate: 25 };
      },
      'financialYearTwo',
      /needs the first financial year/,
    );
  });
  it('derived boxes may not pass the schema maximum', () => {
    expectError(
      (r) => Object.assign(r, { tradingProfits: undefined, netProfits: gbp(99999999999), lossesBroughtForward: gbp(1) }),
      'netProfits',
      /box 155 = box 165 \+ box 160 would be 100000000000.00, above the schema's maximum/,
    );
    expectError(
      (r) => Object.assign(r, {
        periodCovered: { from: '2023-01-01T00:00:00', to: '2023-12-31T00:00:00' },
        financialYearProfit: gbp(99999999999),
        financialYearTaxRate: 100,
        financialYearTax: undefined,
        financialYearTwo: { profit: gbp(99999999999), taxRate: 100 },
      }),
      'corporationTax',
      /box 430 = boxes 345 \+ 395 would be 199999999998.00, above the schema's maximum/,
    );
  });
  it('FinancialYearTwo only for a period straddling 1 April', () => {
    expectError((r) => (r.financialYearTwo = { profit: gbp(1), taxRate: 19 }), 'financialYearTwo', /only for a period that straddles 1 April/);
  });
  it('boxes 335 and 340 go together', () => {
    expectError((r) => delete r.financialYearTaxRate, 'financialYearTaxRate', /is required when box 335 or 345 is given/);
  });
});

describe('every problem in one answer', () => {
  it('lists period and derived-box errors beside field errors', () => {
    const errors = errorsOf({
      ...fullReturn(),
      companyName: 'A',
      utrValue: '1234567890',
      tradingProfits: gbp(1),
      periodCovered: { from: '2014-01-01T00:00:00', to: '2016-01-01T00:00:00' },
    });
    expect(errors.map((e) => e.field).sort()).toEqual(['companyName', 'periodCovered.from', 'periodCovered.to', 'tradingProfits', 'utrValue']);
  });
  it('does not guess from fields that failed: no derived-box error built on a bad figure', () => {
    const errors = errorsOf({ ...fullReturn(), lossesBroughtForward: gbp(-5), tradingProfits: gbp(40000) });
    expect(errors).toEqual([{ field: 'lossesBroughtForward.value', message: expect.stringMatching(/must not be negative/) }]);
  });
});

describe('company type 11 and the schema version', () => {
  it('accepts 11 (non-UK-resident company) under schema v1.994, the default', () => {
    const r = { ...minimumReturn(), companyType: 11 };
    expect(Buffer.from(buildCt600(r).xmlDoc, 'base64').toString()).toContain('<CompanyType>11</CompanyType>');
  });
  it('refuses 11 when the document declares an earlier schema', () => {
    expect(errorsOf({ ...minimumReturn(), companyType: 11 }, { schemaVersion: '2022-v1.99' })).toEqual([
      { field: 'companyType', message: expect.stringMatching(/11 \(non-UK-resident company\) needs schema v1.994 or later; the document declares 2022-v1.99/) },
    ]);
    expect(() => buildCt600({ ...minimumReturn(), companyType: 10 }, { schemaVersion: '2022-v1.99' })).not.toThrow();
  });
});

describe('build options (GovTalk header)', () => {
  it('refuses header text that is not printable ASCII (it would make the message unparseable)', () => {
    for (const [option, value] of [
      ['product', 'A\u0001B'],
      ['productVersion', '1.0\uFFFE'],
      ['senderId', 'user\u0000'],
      ['authenticationValue', 'pa\uD800ss'],
    ] as const) {
      expect(errorsOf(minimumReturn(), { senderId: 'CTUser100', authenticationValue: 'secret', [option]: value })).toContainEqual({
        field: `options.${option}`,
        message: expect.stringMatching(/must be printable ASCII/),
      });
    }
    expect(errorsOf(minimumReturn(), { gatewayTest: 'yes' as never })).toContainEqual({ field: 'options.gatewayTest', message: 'must be true or false' });
  });
  it('names option fields', () => {
    expect(errorsOf(minimumReturn(), { vendorId: 'ABCD' })).toContainEqual({ field: 'options.vendorId', message: expect.stringMatching(/4-digit vendor id/) });
    expect(errorsOf(minimumReturn(), { transactionId: 'abc' })).toContainEqual({ field: 'options.transactionId', message: expect.stringMatching(/upper-case hexadecimal/) });
    expect(errorsOf(minimumReturn(), { senderId: 'CTUser100' })).toContainEqual({ field: 'options.senderId', message: expect.stringMatching(/give both or neither/) });
  });
});

describe('no half-built documents', () => {
  it('returns nothing when any field is bad, even if the rest is fine', () => {
    const r = { ...(minimumReturn() as Ct600RequestInput), taxPayable: gbp(-5) };
    let result: unknown;
    try {
      result = buildCt600(r);
    } catch {
      /* expected */
    }
    expect(result).toBeUndefined();
  });
});
