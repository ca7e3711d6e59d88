import { Alert, Badge, Button, Center, Divider, Group, Loader, Select, Stack, Text, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { APPOINTMENT_CATEGORY_LABELS, APPOINTMENT_MSG, type SlotDto } from '@kindred/shared/appointments.schemas';
import { ApiError } from '../../../lib/api-error.ts';
import { AppModal } from '../../../components/ui/app-modal.tsx';
import { DONOR_TYPE_LABELS } from '../../../lib/match-display.ts';
import { useHasToken } from '../../../lib/use-session.ts';
import { fetchHeld, myAppointmentsKey, fetchMyAppointments } from '../api/appointments.api.ts';
import { availabilityKey, useClinic } from '../api/clinics.api.ts';
import { defaultVisitType, type BookingChoice } from '../lib/choice.ts';
import { formatClock, formatSlot, parentZone, zoneAbbreviation } from '../../../lib/zoned-time.ts';
import { usePhone } from '../hooks/use-phone.ts';
import { useSlotHold, type Hold } from '../hooks/use-slot-hold.ts';
import { BookingForm } from './booking-form.tsx';
import { FICTIONAL_IN_NAME } from './clinic-results.tsx';
import { ClinicStars } from './clinic-stars.tsx';
import { ClinicianCard } from './clinician-card.tsx';
import { SlotPicker } from './slot-picker.tsx';
import { WaitlistJoin } from './waitlist-join.tsx';

type Props = {
  choice: BookingChoice | null;
  onClose: () => void;
  /** The address this modal can be reopened at with `choice` (a visitor's way back after signing in). */
  returnPath: (choice: BookingChoice) => string;
  /** The first day to show free times for (the search's Choose Date). */
  startDate?: string;
  /** The search's Category: the visit type offered first when neither a time nor a donor chose one. */
  category?: string;
};

/** 'Book An Appointment' (spec section 2, issue 14): one clinic, its clinicians, real free times and the form. */
export function BookingModal({ choice, onClose, returnPath, startDate, category }: Props) {
  const phone = usePhone();
  return (
    <AppModal opened={choice !== null} onClose={onClose} title="Book An Appointment" size="lg" fullScreen={phone}>
      {choice && (
        <BookingModalBody
          key={choice.clinic}
          choice={choice}
          onClose={onClose}
          returnPath={returnPath}
          startDate={startDate}
          category={category}
        />
      )}
    </AppModal>
  );
}

function BookingModalBody({ choice, onClose, returnPath, startDate, category }: Props & { choice: BookingChoice }) {
  const signedIn = useHasToken();
  const queryClient = useQueryClient();
  const clinic = useClinic(choice.clinic);
  const mine = useQuery({
    queryKey: myAppointmentsKey,
    queryFn: ({ signal }) => fetchMyAppointments(signal),
    enabled: signedIn,
  });
  const types = clinic.data?.visit_types ?? [];
  const [visitTypeId, setVisitTypeId] = useState<string | null>(null);
  const [clinicianId, setClinicianId] = useState<string | null>(null);
  const [slot, setSlot] = useState<SlotDto | null>(null);
  const visit =
    types.find((t) => t.id === visitTypeId) ??
    defaultVisitType(types, choice.visitTypeId, choice.donorType ?? category);

  const reloadTimes = useCallback(() => {
    setSlot(null);
    void queryClient.invalidateQueries({ queryKey: availabilityKey(choice.clinic) });
  }, [queryClient, choice.clinic]);
  const hold = useSlotHold(choice.clinic, signedIn, reloadTimes);

  // The waitlist offer's link: the time the server holds for this parent, preselected (nobody else sees it).
  const offered = useRef(false);
  useEffect(() => {
    if (offered.current || !signedIn || !choice.offer) return;
    offered.current = true;
    fetchHeld(choice.offer).then(
      (held) => {
        if (held.clinic !== choice.clinic) return;
        setVisitTypeId(held.slot.visit_type_id);
        setSlot(held.slot);
        hold.adopt({ id: held.hold_id, expiresAt: held.expires_at, slot: held.slot, offer: held.offer });
      },
      (error: unknown) => {
        if (error instanceof ApiError && error.status === 409) hold.setTaken(APPOINTMENT_MSG.holdExpired);
      },
    );
  }, [signedIn, choice.offer, choice.clinic, hold]);

  // A visitor who signed in comes back with the time they picked: pick (and hold) it again.
  const restored = useRef(false);
  useEffect(() => {
    if (restored.current || choice.offer || !visit || !choice.startsAt || !choice.clinicianId) return;
    restored.current = true;
    const back: SlotDto = {
      clinician_id: choice.clinicianId,
      visit_type_id: visit.id,
      starts_at: choice.startsAt,
      ends_at: '',
    };
    setSlot(back);
    void hold.pick(back);
  }, [visit, choice.offer, choice.startsAt, choice.clinicianId, hold]);

  if (clinic.isPending) {
    return (
      <Center py="xl" role="status" aria-label="Loading the clinic">
        <Loader />
      </Center>
    );
  }
  if (!clinic.data) {
    return (
      <Alert color="red" variant="light" title="We could not load this clinic">
        Please close this window and try again.
      </Alert>
    );
  }
  const c = clinic.data;
  const clinicians = c.clinicians.filter((x) => !clinicianId || x.id === clinicianId);
  const shown = slot ? c.clinicians.find((x) => x.id === slot.clinician_id) : clinicians[0];
  const rateable = (mine.data ?? []).find((a) => a.clinic === c.reference_id && a.status === 'completed') ?? null;
  const pick = (s: SlotDto) => {
    setSlot(s);
    void hold.pick(s);
  };
  const cancel = () => {
    hold.release();
    onClose();
  };

  return (
    <Stack gap="md">
      <Stack gap={4}>
        <Group gap="xs">
          <Title order={2} size="h4">
            {c.name}
          </Title>
          {c.is_fictional && !FICTIONAL_IN_NAME.test(c.name) && (
            <Badge variant="light" color="gray" size="sm">
              Fictional
            </Badge>
          )}
        </Group>
        <Text size="sm" c="var(--kindred-muted)">
          {c.address}
        </Text>
        <ClinicStars rating={c.rating} rateable={rateable} clinicName={c.name} />
      </Stack>
      {shown && <ClinicianCard clinician={shown} />}
      <Divider />
      {types.filter((t) => t.active).length > 1 && (
        <Select
          label="Visit type"
          data={types.filter((t) => t.active).map((t) => ({ value: t.id, label: t.name }))}
          value={visit?.id ?? null}
          onChange={(v) => {
            setVisitTypeId(v);
            hold.release();
            setSlot(null);
          }}
          allowDeselect={false}
        />
      )}
      {c.clinicians.length > 1 && (
        <Select
          label="Clinician"
          data={[
            { value: '', label: 'Any clinician' },
            ...c.clinicians.map((x) => ({ value: x.id, label: `${x.name}, ${x.title}` })),
          ]}
          value={clinicianId ?? ''}
          onChange={(v) => {
            setClinicianId(v || null);
            hold.release();
            setSlot(null);
          }}
          allowDeselect={false}
        />
      )}
      {visit ? (
        <SlotPicker
          clinic={c.reference_id}
          visitTypeId={visit.id}
          clinicianId={clinicianId ?? undefined}
          value={slot}
          onChange={pick}
          notice={hold.taken}
          startDate={startDate}
        />
      ) : (
        <Text size="sm">This clinic has no visits to book online yet.</Text>
      )}
      <HoldStatus slot={slot} holding={hold.holding} hold={hold.hold} signedIn={signedIn} />
      {hold.hold?.offer && (
        <Group>
          <Button
            variant="subtle"
            size="compact-sm"
            onClick={() => {
              hold.decline();
              reloadTimes();
            }}
          >
            Not for me: offer it to the next person waiting
          </Button>
        </Group>
      )}
      {visit && signedIn && <WaitlistJoin clinic={c.reference_id} clinicName={c.name} visitTypeId={visit.id} />}
      <BookingForm
        clinic={c.reference_id}
        slot={slot}
        holdId={hold.hold?.id}
        doner={choice.doner}
        mine={mine.data}
        reason={
          choice.donorType
            ? (DONOR_TYPE_LABELS[choice.donorType] ?? choice.donorType)
            : visit
              ? APPOINTMENT_CATEGORY_LABELS[visit.category]
              : ''
        }
        signInBack={returnPath({
          ...choice,
          visitTypeId: visit?.id,
          clinicianId: slot?.clinician_id,
          startsAt: slot?.starts_at,
        })}
        onCancel={cancel}
        onBooked={hold.consumed}
        onTaken={(text) => {
          hold.release();
          hold.setTaken(text);
          reloadTimes();
        }}
      />
    </Stack>
  );
}

/** "held for you until 10:30 (CST)": an offer's end in the parent's zone, the zone named. */
const heldUntil = (iso: string) =>
  `held for you until ${formatClock(iso)} (${zoneAbbreviation(new Date(iso), parentZone())})`;

function HoldStatus({
  slot,
  holding,
  hold,
  signedIn,
}: {
  slot: SlotDto | null;
  holding: boolean;
  hold: Hold | null;
  signedIn: boolean;
}) {
  if (!slot) return null;
  const status = holding
    ? ' · Holding this time…'
    : hold?.offer
      ? ` · A time from the waitlist, ${heldUntil(hold.expiresAt)}`
      : hold
        ? ' · Held for you for 10 minutes'
        : '';
  return (
    <Text size="sm" role="status" aria-live="polite">
      <strong>{formatSlot(slot.starts_at)}</strong>
      {signedIn ? status : ''}
    </Text>
  );
}
