import { describe, expect, it } from 'vitest';
import { schemaResolver } from '@mantine/form';
import { MSG } from '@kindred/shared';
import type { UserDto } from '@kindred/shared';
import { personalInfoForm, personalInfoFrom, toProfileUpdate } from './personal-info-form.ts';

const validate = schemaResolver(personalInfoForm, { sync: true });
const user = { first_name: 'Jo', last_name: 'Doe', phone_number: '+12025550188' } as UserDto;

describe('personal info form', () => {
  it('reads the phone back as a country and a national number, and sends it in E.164', () => {
    const values = personalInfoFrom(user);
    expect(values).toEqual({ first_name: 'Jo', last_name: 'Doe', country: 'us', phone_number: '(202) 555-0188' });
    expect(toProfileUpdate({ ...values, first_name: ' Joanne ' })).toEqual({
      first_name: 'Joanne',
      last_name: 'Doe',
      phone_number: '+12025550188',
    });
  });

  it('checks what would be sent with the server messages', () => {
    const values = { first_name: 'Joanne', last_name: 'Doe', country: 'us', phone_number: '2025550188' };
    expect(validate(values)).toEqual({});
    expect(validate({ ...values, first_name: ' ', phone_number: '123' })).toEqual({
      first_name: MSG.firstNameRequired,
      phone_number: MSG.phoneInvalid,
    });
  });
});
