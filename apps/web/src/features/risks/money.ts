import { CURRENCY_SYMBOLS, LIKELIHOOD_ANNUAL_RATE, type Currency, type RiskScore } from '@aegis/contracts';

/** An amount in its currency as spec section 9 writes it: "€ 12,500" / "$ 1,200.50". Empty for none. */
export function formatMoney(amount: number | null, currency: Currency): string {
  if (amount === null) return '';
  const digits = Number.isInteger(amount) ? 0 : 2;
  return `${CURRENCY_SYMBOLS[currency]} ${amount.toLocaleString('en-GB', { minimumFractionDigits: digits, maximumFractionDigits: 2 })}`;
}

/** An amount as typed into a field, for the form: null when empty, NaN when it is no amount. */
export function parseAmount(text: string): number | null {
  const compact = text.replace(/[\s€$']/g, '');
  if (compact === '') return null;
  // "12,500" and "12,500.50": commas group thousands; "12500,50": a comma before the cents is the decimal separator.
  const grouped = compact.includes('.') || /^\d{1,3}(,\d{3})+$/.test(compact);
  const normalised = grouped ? compact.replace(/,/g, '') : compact.replace(',', '.');
  return /^\d+(\.\d{1,2})?$/.test(normalised) ? Number(normalised) : Number.NaN;
}

/** The amount as a field shows it for editing: plain digits, a dot before the cents. */
export const amountText = (amount: number | null) => (amount === null ? '' : String(amount));

/** The server's estimate of the expected annual loss: the monetary impact × the yearly rate of the likelihood. */
export const estimatedAnnualLoss = (amount: number | null, likelihood: RiskScore) => (amount === null ? null : Math.round(amount * LIKELIHOOD_ANNUAL_RATE[likelihood] * 100) / 100);
