import { useState, type FormEvent } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { Visibility } from '@attune/contract';
import { RadioChoice } from '../../../components/forms/radio-choice';
import { FormAlert } from '../../../components/ui/form-alert';
import { defaultVisibility } from '../hooks/use-section-visibility';
import { useSaveProfile } from '../hooks/use-save-profile';
import { fieldKey, SECTION_FIELDS, type FieldName } from '../lib/field-names';
import { fieldVisibility, VISIBILITY_CHOICES, visibilityLabelKey } from '../lib/visibility';
import type { SectionProps } from './section-props';
import { SectionForm } from './section-form';
import { SettingsSection } from './settings-section';

/** Every profile detail that has a "Who can see this" choice on the settings page. */
export const VISIBILITY_FIELDS: readonly FieldName[] = Object.values(SECTION_FIELDS).flat();

/** What the last save changed: the level chosen, the details it moved, how many had it already. */
interface Change {
  level: Visibility;
  changed: FieldName[];
  unchanged: number;
}

/**
 * "Visibility defaults": one choice that sets who can see every profile detail at once (the
 * `visibility` map of update-profile), for members who do not want to go through each field. It
 * says what holds now (one level for all, or a mix), and after saving which details changed.
 */
export function VisibilityDefaultsSection({ me, fields }: Omit<SectionProps, 'language'>) {
  const { t } = useTranslation('profile');
  const saveState = useSaveProfile();
  const levels = Object.fromEntries(
    VISIBILITY_FIELDS.map((name) => [
      name,
      fieldVisibility(me.extendedProfile, name, defaultVisibility(fields, name)),
    ]),
  ) as Record<FieldName, Visibility>;
  const shared = new Set(Object.values(levels));
  const common = shared.size === 1 ? [...shared][0]! : null;
  const [picked, setPicked] = useState<Visibility | ''>(common ?? '');
  const [missing, setMissing] = useState(false);
  const [change, setChange] = useState<Change | null>(null);
  const label = (level: Visibility) => t(visibilityLabelKey(level));
  const fieldLabel = (name: FieldName) => t(`fields.${fieldKey(name)}` as 'fields.headline');

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setChange(null);
    if (!picked) {
      setMissing(true);
      return;
    }
    setMissing(false);
    const before = levels;
    const saved = await saveState.save({
      visibility: Object.fromEntries(VISIBILITY_FIELDS.map((name) => [name, picked])),
    });
    if (!saved) return;
    const changed = VISIBILITY_FIELDS.filter((name) => before[name] !== picked);
    setChange({ level: picked, changed, unchanged: VISIBILITY_FIELDS.length - changed.length });
  };

  return (
    <SettingsSection
      id="community-visibility"
      title={t('community.visibility.title')}
      intro={t('community.visibility.intro')}
    >
      {common ? (
        <Typography sx={{ mb: 2, fontWeight: 600 }}>
          {t('community.visibility.nowAll', { level: label(common) })}
        </Typography>
      ) : (
        <>
          <Typography sx={{ mb: 1, fontWeight: 600 }}>
            {t('community.visibility.nowMixed')}
          </Typography>
          <Box component="ul" sx={{ mt: 0, mb: 2, pl: 3 }}>
            {VISIBILITY_CHOICES.filter((level) => shared.has(level)).map((level) => (
              <li key={level}>
                {t('community.visibility.levelCount', {
                  level: label(level),
                  count: VISIBILITY_FIELDS.filter((name) => levels[name] === level).length,
                })}
              </li>
            ))}
          </Box>
        </>
      )}
      <SectionForm
        saveState={saveState}
        onSubmit={(event) => void handleSubmit(event)}
        submitLabel={t('community.visibility.apply')}
      >
        <RadioChoice
          id="community-visibility-level"
          legend={t('community.visibility.legend')}
          value={picked}
          options={VISIBILITY_CHOICES.map((level) => ({
            value: level,
            label: label(level),
            hint: t(`community.visibility.hints.${level}`),
          }))}
          onChange={(level) => {
            setPicked(level);
            setMissing(false);
          }}
          error={missing ? t('community.visibility.missing') : null}
        />
      </SectionForm>
      <FormAlert
        severity="success"
        detail={
          change && change.changed.length > 0 ? (
            <Box component="ul" sx={{ m: 0, pl: 3 }}>
              {change.changed.map((name) => (
                <li key={name}>{fieldLabel(name)}</li>
              ))}
            </Box>
          ) : null
        }
      >
        {change
          ? change.changed.length > 0
            ? t('community.visibility.changed', {
                count: change.changed.length,
                level: label(change.level),
              })
            : t('community.visibility.nothingChanged', { level: label(change.level) })
          : null}
      </FormAlert>
    </SettingsSection>
  );
}
