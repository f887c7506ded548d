import { useTranslation } from 'react-i18next';
import type { GroupStatus } from '@attune/contract';
import type { RadioChoiceOption } from '../../../components/forms/radio-choice';

/** The statuses as radio options, each with a plain sentence on who may see, read and join. */
export function useStatusOptions(
  statuses: readonly GroupStatus[],
): RadioChoiceOption<GroupStatus>[] {
  const { t } = useTranslation('groups');
  return statuses.map((status) => ({
    value: status,
    label: t(`status.${status}`),
    hint: t(`status.explain.${status}`),
  }));
}
