import { Alert, Button, Group, Paper, Progress, Stack, Text, Title } from '@mantine/core';
import { useMemo, useRef, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../../../lib/paths.ts';
import { getProfileUserId } from '../../../lib/session.ts';
import { useHasToken } from '../../../lib/use-session.ts';
import { useLiveMatchCount } from '../hooks/use-live-match-count.ts';
import { useSubmitPreferences } from '../hooks/use-submit-preferences.ts';
import { useWizardState } from '../hooks/use-wizard-state.ts';
import { buildPreferencePayload } from '../model/payload.ts';
import { firstIncompleteStep, incompleteStepMessage, readEditing } from '../model/progress.ts';
import {
  CHIP_BLOCKED_MESSAGE,
  FIRST_SIGNED_IN_STEP,
  isChipClickable,
  STEP_TITLES,
  type StepId,
} from '../model/steps.ts';
import { validateStep, type StepErrors } from '../model/validation.ts';
import { useHealthConsentGate } from './health-consent.tsx';
import { LiveCountBanner } from './live-count.tsx';
import { LoginRequiredModal } from './login-required-modal.tsx';
import { StepChips } from './step-chips.tsx';
import { QuestionStep } from './steps/question-step.tsx';
import { ReviewStep } from './steps/review-step.tsx';
import type { StepProps } from './steps/step-props.ts';

const HEADINGS: Partial<Record<StepId, string>> = { review: 'Review Your Preferences', welcome: 'Welcome Board' };

function stepBody(step: StepId, props: StepProps): ReactNode {
  return step === 'review' ? <ReviewStep draft={props.draft} /> : <QuestionStep step={step} {...props} />;
}

/**
 * The preference wizard (/profile-steps, spec sections 2, 4 and 5): steps with chips and a progress bar, the
 * draft kept in browser storage, sign-in required from the third step, the live match count while signed in,
 * and the Review submit, which first checks every step of the donor type. Editing a saved set (opened by
 * /profile-steps?edit=<id>) submits with its profile_id, so that set is updated.
 */
export function PreferenceWizard() {
  const navigate = useNavigate();
  const hasToken = useHasToken();
  const { draft, set, errors, setErrors, steps, step: storedStep, completed, progress, setProgress } = useWizardState();
  // A visitor can never stand on a signed-in step, even if storage says so.
  const step = !hasToken ? Math.min(storedStep, FIRST_SIGNED_IN_STEP - 1) : storedStep;
  const [loginOpen, setLoginOpen] = useState(false);
  const [chipAlert, setChipAlert] = useState(false);
  const [incomplete, setIncomplete] = useState<StepId | null>(null);
  const [editing] = useState(() => readEditing(localStorage, getProfileUserId()));
  const headingRef = useRef<HTMLHeadingElement>(null);
  const payload = useMemo(() => buildPreferencePayload(draft), [draft]);
  const live = useLiveMatchCount(payload, hasToken);
  const { submit, pending } = useSubmitPreferences();
  const consent = useHealthConsentGate(hasToken);
  const stepId = steps[step]!;

  const goTo = (index: number, opts: { leftForward?: boolean; errors?: StepErrors; incomplete?: StepId } = {}) => {
    const done =
      opts.leftForward && !progress.completed.includes(stepId) ? [...progress.completed, stepId] : progress.completed;
    setProgress({ step: steps[index]!, completed: done });
    setChipAlert(false);
    setIncomplete(opts.incomplete ?? null);
    setErrors(opts.errors ?? {});
    requestAnimationFrame(() => headingRef.current?.focus());
  };

  /** Submit only when every step of the donor type is answered; otherwise show the first one that is not. */
  const submitAll = () => {
    const missing = firstIncompleteStep(steps, draft);
    if (missing) return goTo(steps.indexOf(missing.step), { errors: missing.errors, incomplete: missing.step });
    // Health data is saved only with the parent's consent, asked here before the first save (ADR 019).
    void consent.confirm().then((ok) => ok && submit(payload, editing));
  };

  const validateCurrent = () => {
    const found = validateStep(stepId, draft);
    setErrors(found);
    return Object.keys(found).length === 0;
  };

  const forward = () => {
    if (stepId === 'review') return submitAll();
    if (!validateCurrent()) return;
    if (!hasToken && step >= FIRST_SIGNED_IN_STEP - 1) {
      setProgress({
        step: stepId,
        completed: progress.completed.includes(stepId) ? progress.completed : [...progress.completed, stepId],
      });
      return void navigate(paths.register);
    }
    goTo(step + 1, { leftForward: true });
  };

  const selectChip = (index: number) => {
    if (index === step) return;
    if (!isChipClickable(index, step, completed)) return setChipAlert(true);
    if (index >= FIRST_SIGNED_IN_STEP && !hasToken) return setLoginOpen(true);
    goTo(index);
  };

  const closeLogin = () => {
    setLoginOpen(false);
    goTo(FIRST_SIGNED_IN_STEP - 1);
  };

  const forwardLabel =
    stepId === 'review' ? 'Submit' : !hasToken && step >= FIRST_SIGNED_IN_STEP - 1 ? 'Sign Up' : 'Continue';
  const heading = HEADINGS[stepId] ?? STEP_TITLES[stepId];

  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Text tt="uppercase" fw={700} c="teal.9" size="sm" lts={1}>
          Create Profile
        </Text>
        <Title order={1} fz={{ base: 28, sm: 36 }}>
          Find the Perfect Match
        </Title>
        {editing && (
          <Text c="var(--kindred-muted)" data-testid="editing-note">
            You are editing your saved preferences. Submitting on Review updates them.
          </Text>
        )}
      </Stack>
      <Progress
        value={((step + 1) / steps.length) * 100}
        color="teal"
        size="md"
        radius="xl"
        aria-label={`Step ${step + 1} of ${steps.length}`}
      />
      <StepChips steps={steps} current={step} completed={completed} onSelect={selectChip} />
      {chipAlert && (
        <Alert
          color="orange"
          variant="light"
          role="alert"
          withCloseButton
          closeButtonLabel="Dismiss"
          onClose={() => setChipAlert(false)}
        >
          <Text c="var(--kindred-ink)" fw={500}>
            {CHIP_BLOCKED_MESSAGE}
          </Text>
        </Alert>
      )}
      {incomplete && (
        <Alert
          color="orange"
          variant="light"
          role="alert"
          withCloseButton
          closeButtonLabel="Dismiss"
          onClose={() => setIncomplete(null)}
        >
          <Text c="var(--kindred-ink)" fw={500}>
            {incompleteStepMessage(incomplete)}
          </Text>
        </Alert>
      )}
      {hasToken && <LiveCountBanner live={live} />}
      <Paper
        withBorder
        radius="lg"
        p={{ base: 'md', sm: 'xl' }}
        component="section"
        aria-labelledby="wizard-step-title"
      >
        <Text size="sm" c="var(--kindred-muted)" mb={4}>
          Step {step + 1} of {steps.length}
        </Text>
        <Title order={2} size="h3" mb="lg" id="wizard-step-title" ref={headingRef} tabIndex={-1}>
          {heading}
        </Title>
        {stepBody(stepId, { draft, errors, set })}
        {stepId === 'review' && consent.field}
        <Group justify="space-between" mt="xl">
          <Button variant="default" onClick={() => goTo(Math.max(0, step - 1))} disabled={step === 0}>
            Back
          </Button>
          <Button color="teal" onClick={forward} loading={pending || consent.pending}>
            {forwardLabel}
          </Button>
        </Group>
      </Paper>
      <LoginRequiredModal opened={loginOpen} onClose={closeLogin} />
    </Stack>
  );
}
