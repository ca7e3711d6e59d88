import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { MatchFilters } from '@kindred/shared/matching.schemas';
import { renderUi } from '../../../../test/render.tsx';
import { MatchFiltersPanel } from './match-filters-panel.tsx';

function setup(filters: MatchFilters = {}, hasLocation = true) {
  const onApply = vi.fn();
  const onSort = vi.fn();
  const onClear = vi.fn();
  const ui = renderUi(
    <MatchFiltersPanel
      query={{ sort: 'score', filters }}
      hasLocation={hasLocation}
      {...{ onApply, onSort, onClear }}
    />,
  );
  return { ...ui, onApply, onSort, onClear };
}

describe('the results page filters', () => {
  it('an inverted age range is refused on the maximum field, nothing is applied, and focus goes there', async () => {
    const { user, onApply } = setup();
    await user.click(screen.getByRole('button', { name: 'Filters' }));
    await user.type(screen.getByLabelText('Minimum age'), '40');
    await user.type(screen.getByLabelText('Maximum age'), '30');
    await user.click(screen.getByRole('button', { name: 'Apply filters' }));

    const max = screen.getByLabelText('Maximum age');
    expect(max.getAttribute('aria-invalid')).toBe('true');
    const describedBy = max.getAttribute('aria-describedby') ?? '';
    const described = describedBy.split(' ').map((id) => document.getElementById(id)?.textContent ?? '');
    expect(described).toContain('Minimum age must not be above maximum age.');
    expect(screen.getByLabelText('Minimum age').getAttribute('aria-invalid')).not.toBe('true');
    expect(document.activeElement).toBe(max);
    expect(onApply).not.toHaveBeenCalled();
  });

  it('an inverted height range is shown on the maximum height', async () => {
    const { user, onApply } = setup();
    await user.click(screen.getByRole('button', { name: 'Filters' }));
    await user.selectOptions(screen.getByLabelText('Minimum height'), '72');
    await user.selectOptions(screen.getByLabelText('Maximum height'), '64');
    await user.click(screen.getByRole('button', { name: 'Apply filters' }));
    expect(screen.getByLabelText('Maximum height').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Minimum height must not be above maximum height.')).toBeTruthy();
    expect(onApply).not.toHaveBeenCalled();
  });

  it('valid filters are applied as the shared schema reads them', async () => {
    const { user, onApply } = setup();
    await user.click(screen.getByRole('button', { name: 'Filters' }));
    await user.type(screen.getByLabelText('Minimum age'), '25');
    await user.type(screen.getByLabelText('Maximum age'), '{Enter}'); // Enter applies, like the button
    expect(onApply).toHaveBeenLastCalledWith({ ageMin: 25 });
    await user.click(screen.getByLabelText('Include reserved donors'));
    await user.click(screen.getByRole('button', { name: 'Apply filters' }));
    expect(onApply).toHaveBeenLastCalledWith({ ageMin: 25, includeReserved: true });
  });

  it('with filters in the address the panel opens with them, counts them, and offers to clear them', async () => {
    const { user, onClear } = setup({ ageMin: 21, minEducation: 'college' });
    const toggle = screen.getByRole('button', { name: 'Filters (2)' });
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect((screen.getByLabelText('Minimum age') as HTMLInputElement).value).toBe('21');
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(onClear).toHaveBeenCalledOnce();
  });

  it('without a location the distance filter is off and says why; the distance sort cannot be chosen', async () => {
    const { user } = setup({}, false);
    await user.click(screen.getByRole('button', { name: 'Filters' }));
    const distance = screen.getByLabelText('Maximum distance');
    expect((distance as HTMLSelectElement).disabled).toBe(true);
    expect(screen.getByText('Needs your location in your preferences.')).toBeTruthy();
    const nearest = within(screen.getByLabelText('Sort by')).getByRole('option', { name: 'Nearest first' });
    expect((nearest as HTMLOptionElement).disabled).toBe(true);
  });
});
