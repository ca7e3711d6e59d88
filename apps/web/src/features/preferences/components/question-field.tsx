import { Textarea } from '@mantine/core';
import type { DraftKey, WizardDraft, YesNo } from '../model/draft.ts';
import type { LocationFields } from '../model/location.ts';
import { questionOf } from '../model/questions/index.ts';
import { chooseReligion, toggleChecklist, toggleMulti, toggleSingle } from '../model/selection.ts';
import { ChoiceGroup } from './choice-group.tsx';
import { ImportanceSlider } from './importance-slider.tsx';
import { LocationField } from './location-field.tsx';
import type { StepProps } from './steps/step-props.ts';
import { YesNoField } from './yes-no-field.tsx';

/** The slider's position when the draft holds no value (the medical slider's default, spec section 9). */
const SLIDER_FALLBACK = 50;

/** One question of the table (model/questions.ts), drawn by its kind. */
export function QuestionField({ name, draft, errors, set }: StepProps & { name: DraftKey }) {
  const q = questionOf(name);
  const error = errors[name];
  const value = draft[name];
  const put = (next: WizardDraft[DraftKey]) => set(name, next);
  switch (q.kind) {
    case 'location': {
      const setLocation = (fields: Partial<LocationFields>) => {
        for (const [key, v] of Object.entries(fields) as [DraftKey, WizardDraft[DraftKey]][]) set(key, v);
      };
      return <LocationField value={draft.location} error={error} onChange={setLocation} />;
    }
    case 'single':
      return (
        <ChoiceGroup
          legend={q.legend}
          description={q.description}
          mode="single"
          options={q.options}
          selected={[value as string]}
          error={error}
          onToggle={(v) => put(toggleSingle(value as string, v))}
        />
      );
    case 'single-list':
      return (
        <ChoiceGroup
          legend={q.legend}
          description={q.description}
          mode="single"
          options={q.options}
          selected={value as string[]}
          error={error}
          onToggle={(v) => put(chooseReligion(value as string[], v))}
        />
      );
    case 'multi':
    case 'checklist': {
      const toggle = q.kind === 'multi' ? toggleMulti : toggleChecklist;
      return (
        <ChoiceGroup
          legend={q.legend}
          description={q.description}
          options={q.options}
          selected={value as string[]}
          error={error}
          onToggle={(v) => put(toggle(value as string[], v))}
        />
      );
    }
    case 'unticked': {
      const unticked = value as string[];
      return (
        <ChoiceGroup
          legend={q.legend}
          description={q.description}
          options={q.options}
          selected={q.options.map((o) => o.value).filter((v) => !unticked.includes(v))}
          error={error}
          onToggle={(v) => put(unticked.includes(v) ? unticked.filter((x) => x !== v) : [...unticked, v])}
        />
      );
    }
    case 'yes-no':
      return <YesNoField label={q.label} value={value as YesNo} onChange={put} error={error} />;
    case 'importance':
      return (
        <ImportanceSlider
          label={q.label}
          thumbLabel={q.thumbLabel}
          value={(value as number | null) ?? SLIDER_FALLBACK}
          onChange={put}
          error={error}
        />
      );
    case 'text':
      return (
        <Textarea
          label={q.label}
          description={q.description}
          value={value as string}
          onChange={(e) => put(e.currentTarget.value)}
          maxLength={q.maxLength}
          autosize
          minRows={2}
        />
      );
    case 'filled':
      return null;
  }
}
