import { describe, expect, it } from 'vitest';
import { estimatedAnnualLoss, formatMoney, parseAmount } from './money';

describe('amounts of money', () => {
  it('reads what people type: thousands grouped with commas, cents after a dot or a lone comma', () => {
    expect(parseAmount('')).toBeNull();
    expect(parseAmount('  ')).toBeNull();
    expect(parseAmount('12500')).toBe(12500);
    expect(parseAmount('12,500')).toBe(12500);
    expect(parseAmount('1,250,000.50')).toBe(1250000.5);
    expect(parseAmount('€ 12 500')).toBe(12500);
    expect(parseAmount('12500,5')).toBe(12500.5);
    expect(parseAmount('-5')).toBeNaN();
    expect(parseAmount('12.345')).toBeNaN();
    expect(parseAmount('twelve')).toBeNaN();
  });

  it('writes them with their symbol, € by default and $ for dollars (spec section 9)', () => {
    expect(formatMoney(12500, 'EUR')).toBe('€ 12,500');
    expect(formatMoney(1200.5, 'USD')).toBe('$ 1,200.50');
    expect(formatMoney(null, 'EUR')).toBe('');
  });

  it('estimates the annual loss as the server does: impact × the yearly rate of the likelihood', () => {
    expect(estimatedAnnualLoss(10_000, 1)).toBe(500);
    expect(estimatedAnnualLoss(10_000, 5)).toBe(20_000);
    expect(estimatedAnnualLoss(null, 3)).toBeNull();
  });
});
