import { Alert, Anchor, Button, Checkbox, Group, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import type { UseFormReturnType } from '@mantine/form';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { toast } from 'react-hot-toast';
import { APPOINTMENT_MSG, type AppointmentDto, type SlotDto } from '@kindred/shared/appointments.schemas';
import { fieldErrorsOf, hasErrorCode } from '../../../lib/api-error.ts';
import { paths } from '../../../lib/paths.ts';
import { revalidateShownErrors } from '../../../lib/revalidate-shown-errors.ts';
import { useFocusFirstInvalid } from '../../../lib/use-focus-first-invalid.ts';
import { useHasToken } from '../../../lib/use-session.ts';
import { profileQueryOptions } from '../../profile/api/profile.api.ts';
import { useBookAppointment } from '../api/appointments.api.ts';
import { signInReturnPath } from '../../../lib/return-path.ts';
import { bookingForm, bookingFormFrom, type BookingFormValues } from '../lib/booking-form.ts';
import { nearbyVisit, nearbyVisitText } from '../lib/nearby-visit.ts';

const validate = schemaResolver(bookingForm, { sync: true });
const SHARE_SHORTLIST_TEXT =
  'The clinic will see the donors you starred and their match scores, not your health answers. ' +
  'You can stop sharing at any time from your profile.';

type Props = {
  clinic: string;
  slot: SlotDto | null;
  holdId?: string;
  /** The donor's reference when booking from a match: offers to share the shortlist. */
  doner?: string;
  reason: string;
  /** The parent's appointments: a live one with this clinic within a day of the chosen time is named first. */
  mine?: readonly AppointmentDto[];
  signInBack: string;
  onCancel: () => void;
  onBooked: () => void;
  onTaken: (text: string) => void;
};

/**
 * The consultation form (Name, Email, Phone optional, Reason for consultation), prefilled for signed-in parents.
 * A visitor sees it too; Confirm asks them to sign in, with a link that brings them back to this choice.
 */
export function BookingForm({
  clinic,
  slot,
  holdId,
  doner,
  reason,
  mine = [],
  signInBack,
  onCancel,
  onBooked,
  onTaken,
}: Props) {
  const signedIn = useHasToken();
  const profile = useQuery({ ...profileQueryOptions(), enabled: signedIn });
  const form: UseFormReturnType<BookingFormValues> = useForm<BookingFormValues>({
    initialValues: bookingFormFrom(undefined, reason),
    validate,
    ...revalidateShownErrors(validate, () => form),
  });
  const { formRef, focusFirstInvalid } = useFocusFirstInvalid();
  const book = useBookAppointment();
  const navigate = useNavigate();
  const [problem, setProblem] = useState<'signIn' | 'noSlot' | 'nearby' | null>(null);
  // The time for which the parent said "book this one as well"; another time asks again.
  const [alsoBook, setAlsoBook] = useState<string | null>(null);
  const nearby = slot ? nearbyVisit(mine, clinic, slot.starts_at) : null;

  const user = profile.data;
  useEffect(() => {
    if (!user || form.isDirty()) return;
    const filled = bookingFormFrom(user, form.values.reason_for_consultation);
    form.setInitialValues(filled);
    form.setValues(filled);
    // Fill once when the profile arrives; later edits are the parent's.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [user?.id]);

  const confirm = (values: BookingFormValues, confirmedNear: string | null = alsoBook) => {
    if (!signedIn) return setProblem('signIn');
    if (!slot) return setProblem('noSlot');
    if (nearby && confirmedNear !== slot.starts_at) return setProblem('nearby');
    setProblem(null);
    book.mutate(
      {
        name: values.name,
        email: values.email,
        phone_number: values.phone_number,
        reason_for_consultation: values.reason_for_consultation,
        clinic,
        doner: doner ?? '',
        visit_type_id: slot.visit_type_id,
        clinician_id: slot.clinician_id,
        starts_at: slot.starts_at,
        hold_id: holdId,
        share_shortlist: doner ? values.share_shortlist : undefined,
      },
      {
        onSuccess: (res) => {
          onBooked();
          toast.success(res.message || APPOINTMENT_MSG.booked);
          // Replacing the booking's address: Back leads to the search, not to a time that is now taken.
          void navigate(paths.profile, { replace: true });
        },
        onError: (error) => {
          if (hasErrorCode(error, 'conflict')) {
            toast.error(APPOINTMENT_MSG.slotTaken);
            onTaken(APPOINTMENT_MSG.slotTaken);
            return;
          }
          if (hasErrorCode(error, 'email_unverified')) {
            toast.error(APPOINTMENT_MSG.verifyEmailFirst);
            return;
          }
          form.setErrors(fieldErrorsOf(error));
          toast.error(APPOINTMENT_MSG.bookingFailed);
        },
      },
    );
  };

  return (
    <form
      ref={formRef}
      onSubmit={form.onSubmit((values) => confirm(values), focusFirstInvalid)}
      noValidate
      aria-label="Consultation form"
    >
      <Stack gap="sm">
        <TextInput label="Name" autoComplete="name" withAsterisk {...form.getInputProps('name')} />
        <TextInput label="Email" type="email" autoComplete="email" withAsterisk {...form.getInputProps('email')} />
        <TextInput label="Phone (optional)" type="tel" autoComplete="tel" {...form.getInputProps('phone_number')} />
        <Textarea
          label="Reason for consultation"
          autosize
          minRows={2}
          maxRows={5}
          withAsterisk
          {...form.getInputProps('reason_for_consultation')}
        />
        {doner && (
          <Checkbox
            label="Share my shortlist with this clinic"
            description={SHARE_SHORTLIST_TEXT}
            {...form.getInputProps('share_shortlist', { type: 'checkbox' })}
          />
        )}
        {problem === 'signIn' && (
          <Alert color="plum" variant="light" role="alert">
            {APPOINTMENT_MSG.signInToBook}{' '}
            <Anchor component={Link} to={signInReturnPath(paths.login, signInBack)} fw={600}>
              Sign in
            </Anchor>
          </Alert>
        )}
        {problem === 'nearby' && nearby && slot && (
          <Alert color="orange" variant="light" role="alert" title="Another visit with this clinic">
            <Text size="sm">{nearbyVisitText(nearby)}</Text>
            <Text size="sm" mt={4}>
              Do you want to book this one as well?
            </Text>
            <Group gap="sm" mt="sm">
              <Button
                size="xs"
                onClick={() => {
                  setAlsoBook(slot.starts_at);
                  form.onSubmit((values) => confirm(values, slot.starts_at), focusFirstInvalid)();
                }}
              >
                Book this one as well
              </Button>
              <Button size="xs" variant="default" onClick={() => setProblem(null)}>
                Go back
              </Button>
            </Group>
          </Alert>
        )}
        {problem === 'noSlot' && !slot && (
          <Alert color="orange" variant="light" role="alert">
            Please choose a date and time first.
          </Alert>
        )}
        <Group justify="flex-end" gap="sm" mt="xs">
          <Button variant="default" onClick={onCancel} disabled={book.isPending}>
            Cancel
          </Button>
          <Button type="submit" loading={book.isPending} disabled={book.isSuccess}>
            Confirm Booking
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
