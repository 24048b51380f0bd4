/** A minimal build-ct600 request the engine accepts: not within charge to CT, nil tax. */
export function minimalCt600Request() {
  return {
    companyName: 'Remote Test Holdings Ltd',
    reference: '8596148860',
    utrValue: '8596148860',
    companyType: 0,
    periodCovered: { from: '2024-04-01T00:00:00', to: '2025-03-31T00:00:00' },
    returnType: 1,
    sender: 1,
    accounts: { itemElementName: 2, noAccountsReason: 3 },
    computations: { itemElementName: 2, nocomputationsReason: 3 },
    chargeableProfits: { currency: 1, value: 0 },
    netCorporationTaxChargeable: { currency: 1, value: 0 },
    taxPayable: { currency: 1, value: 0 },
    declaration: { acceptDeclaration: true, name: 'Jane Director', status: 'Director' },
  };
}
