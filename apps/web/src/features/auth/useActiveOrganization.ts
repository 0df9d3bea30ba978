import type { OrganizationSummary } from '@zview/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { setTargetOrganizationId } from '../../api/client-standin'; // TODO(shell): '../../api/client'
import { applyOrganizationChoice, enabledFeaturesOf, pickActiveOrganization, readStoredOrganizationId } from './organization';

/**
 * The active organisation (SPEC §4): the stored choice if the user still has it, else the
 * first. Changing it stores the id, clears a selected product the organisation does not
 * enable, re-targets API calls and drops cached answers of the previous organisation.
 */
export function useActiveOrganization(organizations: readonly OrganizationSummary[]) {
  const queryClient = useQueryClient();
  const [chosenId, setChosenId] = useState<number | undefined>(() => readStoredOrganizationId());
  const activeOrganization = pickActiveOrganization(organizations, chosenId);
  // Set during render: children's queries start in their own effects, which run before ours.
  setTargetOrganizationId(activeOrganization?.id);

  // On startup the stored (or default) organisation is applied like a change.
  const activeId = activeOrganization?.id;
  useEffect(() => {
    const organization = organizations.find((org) => org.id === activeId);
    if (organization) applyOrganizationChoice(organization);
  }, [organizations, activeId]);

  const setActiveOrganization = useCallback(
    (id: number) => {
      const next = organizations.find((org) => org.id === id);
      if (!next) return;
      applyOrganizationChoice(next);
      setTargetOrganizationId(id);
      setChosenId(id);
      void queryClient.invalidateQueries();
    },
    [organizations, queryClient],
  );

  return { activeOrganization, enabledFeatures: enabledFeaturesOf(activeOrganization), setActiveOrganization };
}
