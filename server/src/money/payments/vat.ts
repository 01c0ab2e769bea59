/** VAT on credits sold to consumers is the buyer's country's standard rate, in basis points (2100 is 21%). */
const VAT_RATES: Record<string, number> = {
  NL: 2100,
  BE: 2100,
  DE: 1900,
  FR: 2000,
  ES: 2100,
  IT: 2200,
  FI: 2550,
  GB: 2000,
  PL: 2300,
  DK: 2500,
  SE: 2500,
  NO: 2500,
};

export function vatRateOf(country: string): number {
  const rate = VAT_RATES[country];
  if (rate === undefined) throw new Error(`no VAT rate for ${country}`);
  return rate;
}
