import '@mantine/dates/styles.layer.css';
import { Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import { PageContainer } from '../components/ui/page-container.tsx';
import { useClinicSearch } from '../features/appointments/api/clinics.api.ts';
import { BookingModal } from '../features/appointments/components/booking-modal.tsx';
import { ClinicResults } from '../features/appointments/components/clinic-results.tsx';
import { ClinicSearchForm } from '../features/appointments/components/clinic-search-form.tsx';
import {
  choiceFromParams,
  choiceToParams,
  withoutChoice,
  type BookingChoice,
} from '../features/appointments/lib/choice.ts';
import {
  searchFromParams,
  searchToParams,
  searchToQuery,
  QUICK_SEARCHES,
  type QuickSearch,
  type SearchValues,
} from '../features/appointments/lib/search-params.ts';
import { todayIn } from '../lib/zoned-time.ts';
import { fetchPreferenceProfiles } from '../features/preferences/api/preference-profiles.api.ts';
import { bookAppointmentPath, paths } from '../lib/paths.ts';
import { Seo } from '../lib/seo.tsx';
import { useHasToken } from '../lib/use-session.ts';

/**
 * /book-appoinment (spec section 2, issue 14): find a clinic by category, location and date, see its next free
 * times, and book in the 'Book An Appointment' modal. The search and the open booking live in the address bar.
 */
export function BookAppointmentPage() {
  const [params, setParams] = useSearchParams();
  const search = searchFromParams(params);
  const quick = QUICK_SEARCHES.find((q) => q.id === params.get('quick'))?.id ?? null;
  const choice = choiceFromParams(params);
  const results = useClinicSearch(searchToQuery(search));
  const signedIn = useHasToken();
  const saved = useQuery({
    queryKey: ['preferences', 'profiles'],
    queryFn: ({ signal }) => fetchPreferenceProfiles(signal),
    enabled: signedIn,
    select: (res) => res.profiles[0]?.location ?? null,
  });

  const runSearch = (values: SearchValues, quickId?: string) =>
    setParams({ ...searchToParams(values), ...(quickId ? { quick: quickId } : {}) });
  const runQuick = (q: QuickSearch, form: SearchValues) => {
    // "Near me": the location typed in the form, else the one saved with the parent's preferences.
    const location = form.location
      ? { location: form.location, lat: form.lat, lon: form.lon }
      : { location: saved.data ?? '', lat: null, lon: null };
    runSearch(q.values({ today: todayIn(), location }), q.id);
  };
  const open = (choice: BookingChoice) =>
    setParams({ ...Object.fromEntries(withoutChoice(params)), ...choiceToParams(choice) });
  const close = () => setParams(withoutChoice(params), { replace: true });
  const returnPath = useCallback(
    (c: BookingChoice) => bookAppointmentPath({ ...Object.fromEntries(withoutChoice(params)), ...choiceToParams(c) }),
    [params],
  );

  return (
    <PageContainer>
      <Seo
        title="BOOK APPOINMENT"
        description="Find a partner clinic by consultation, place and date, see its free times and book a consultation."
        path={paths.bookAppointment}
      />
      <Stack gap="lg">
        <Stack gap={6}>
          <Title order={1} size="sm" tt="uppercase" c="plum.8" style={{ letterSpacing: '0.08em' }}>
            BOOK APPOINMENT
          </Title>
          <Text component="p" fz={{ base: 26, sm: 36 }} fw={700} lh={1.2} m={0}>
            Find &amp; Match with the Right Person for You
          </Text>
          <Text c="var(--kindred-muted)" maw={680}>
            Search our partner clinics for a consultation about egg or sperm donation, surrogacy or IVF. You see each
            clinic's real free times in your own time zone, and a time you pick is held for you while you fill in the
            form.
          </Text>
        </Stack>
        <ClinicSearchForm
          key={withoutChoice(params).toString()}
          initial={search}
          searching={results.isFetching}
          onSearch={(v) => runSearch(v)}
          onQuickSearch={runQuick}
          activeQuick={quick}
        />
        <section aria-labelledby="results-title">
          <Title order={2} size="h4" id="results-title" mb="sm">
            Clinics
          </Title>
          <ClinicResults
            clinics={results.data}
            loading={results.isFetching}
            error={results.isError && !results.data}
            onRetry={() => void results.refetch()}
            onBook={(clinic, slot) =>
              open({
                clinic: clinic.reference_id,
                visitTypeId: slot?.visit_type_id,
                clinicianId: slot?.clinician_id,
                startsAt: slot?.starts_at,
              })
            }
          />
        </section>
      </Stack>
      <BookingModal
        choice={choice}
        onClose={close}
        returnPath={returnPath}
        startDate={search.date || undefined}
        category={search.category || undefined}
      />
    </PageContainer>
  );
}
