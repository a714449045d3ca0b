import { describe, expect, it } from 'vitest';
import { abbreviateNumber, currencyDigits, formatMoney, formatNumber } from './format';

describe('formatMoney', () => {
  it('default: $ and 2 decimals with thousands separators', () => {
    expect(formatMoney(1234567.891, { locale: 'en-US' })).toBe('$1,234,567.89');
    expect(formatMoney(0, { locale: 'en-US' })).toBe('$0.00');
    expect(formatMoney(-1234.5, { locale: 'en-US' })).toBe('-$1,234.50');
    expect(formatMoney('12', { locale: 'en-US' })).toBe('$12.00');
    expect(formatMoney(null)).toBe('');
    expect(formatMoney('abc')).toBe('');
  });
  it('India groups 12,34,567.00', () => {
    expect(formatMoney(1234567, { locale: 'en-IN' })).toBe('$12,34,567.00');
    expect(formatMoney(123456700, { locale: 'en-IN', currency: 'INR', minor: true })).toBe('₹12,34,567.00');
  });
  it('a currency code uses its symbol and minor units', () => {
    expect(formatMoney(1234.5, { locale: 'en-US', currency: 'USD' })).toBe('$1,234.50');
    expect(formatMoney(150000, { locale: 'en-US', currency: 'USD', minor: true })).toBe('$1,500.00');
    expect(currencyDigits('VND')).toBe(0);
    expect(formatMoney(1500000, { locale: 'vi-VN', currency: 'VND', minor: true }).replace(/\s/g, ' ')).toBe('1.500.000 ₫');
  });
  it('symbol and decimals can be set', () => {
    expect(formatMoney(99.5, { locale: 'en-US', symbol: '€', decimals: 1 })).toBe('€99.5');
  });
});

describe('formatNumber', () => {
  it('groups by locale', () => {
    expect(formatNumber(1234567, undefined, 'en-IN')).toBe('12,34,567');
    expect(formatNumber(1234.5, 2, 'en-US')).toBe('1,234.50');
  });
});

describe('abbreviateNumber', () => {
  it('k to E', () => {
    expect(abbreviateNumber(999)).toBe('999');
    expect(abbreviateNumber(1000)).toBe('1k');
    expect(abbreviateNumber(1234567)).toBe('1.2M');
    expect(abbreviateNumber(2.5e9)).toBe('2.5G');
    expect(abbreviateNumber(3e12)).toBe('3T');
    expect(abbreviateNumber(4e15)).toBe('4P');
    expect(abbreviateNumber(5.55e18, 2)).toBe('5.55E');
    expect(abbreviateNumber(-1500)).toBe('-1.5k');
  });
});
