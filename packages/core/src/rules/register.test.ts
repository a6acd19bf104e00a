import { describe, expect, it } from 'vitest';
import { forcePhonePrefix, registrationError, typedPhone } from './register';

describe('registrationError', () => {
  it('reports the first failing rule in the order of the spec', () => {
    expect(registrationError({ userId: '', password: '', confirm_password: '' })).toBe('registerUsernameEmpty');
    expect(registrationError({ userId: '0812', password: '', confirm_password: '' })).toBe('registerPasswordShort');
    expect(registrationError({ userId: '0812', password: '1234567', confirm_password: '1234567' })).toBe('registerPasswordShort');
    expect(registrationError({ userId: '0812', password: '12345678', confirm_password: '' })).toBe('registerPasswordMismatch');
    expect(registrationError({ userId: '0812', password: '12345678', confirm_password: '12345679' })).toBe('registerPasswordMismatch');
    expect(registrationError({ userId: '62812345678', password: '12345678', confirm_password: '12345678' })).toBe('registerPhonePrefix');
    expect(registrationError({ userId: '081234567890', password: '12345678', confirm_password: '12345678' })).toBeNull();
  });
});

describe('forcePhonePrefix', () => {
  it('replaces the first character so the number starts with 08', () => {
    expect(forcePhonePrefix('')).toBe('');
    expect(forcePhonePrefix('0')).toBe('0');
    expect(forcePhonePrefix('08')).toBe('08');
    expect(forcePhonePrefix('8')).toBe('08');
    expect(forcePhonePrefix('05')).toBe('085');
    expect(forcePhonePrefix('6281')).toBe('08281');
    expect(forcePhonePrefix('0812345')).toBe('0812345');
  });
});

describe('typedPhone', () => {
  it('keeps digits only, as typed, then forces the 08 prefix', () => {
    expect(typedPhone('08ab12')).toBe('0812');
    expect(typedPhone('0812-3456 78')).toBe('0812345678');
    expect(typedPhone('+6281')).toBe('08281');
    expect(typedPhone('abc')).toBe('');
    expect(typedPhone('0812345')).toBe('0812345');
  });
});
