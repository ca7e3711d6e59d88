import type { FormErrors, UseFormInput } from '@mantine/form';

/**
 * The errors still to show after a change: each field that shows one gets its message from `fresh` (the new
 * problem, or none once it passes); fields without one get none until the next submit. Unchanged errors keep their
 * object, so nothing renders again.
 */
export function refreshShownErrors(shown: FormErrors, fresh: FormErrors): FormErrors {
  const keys = Object.keys(shown);
  if (keys.length === 0) return shown;
  const kept: FormErrors = {};
  for (const key of keys) if (fresh[key]) kept[key] = fresh[key];
  const same = Object.keys(kept).length === keys.length && keys.every((key) => kept[key] === shown[key]);
  return same ? shown : kept;
}

/**
 * `useForm` options for the forms whose errors follow the typing (spec section 5: "each error clears as the field
 * becomes valid"): after every change, each shown error is checked again with `validate` and replaced or removed,
 * including one on another field (editing a password can settle "Passwords do not match"); no new error shows
 * before the next submit. Mantine's own `validateInputOnChange` checks only the edited field and shows new errors
 * while the user is still typing, so it is not used. `form` is read when a value changes, after `useForm` returned.
 * Forms whose errors simply clear when their field is edited (sign-up) keep Mantine's default instead.
 */
export function revalidateShownErrors<V>(
  validate: (values: V) => FormErrors,
  form: () => { setErrors: (update: (shown: FormErrors) => FormErrors) => void },
): Pick<UseFormInput<V>, 'clearInputErrorOnChange' | 'onValuesChange'> {
  return {
    clearInputErrorOnChange: false,
    onValuesChange: (values) =>
      form().setErrors((shown) =>
        Object.keys(shown).length === 0 ? shown : refreshShownErrors(shown, validate(values)),
      ),
  };
}
