import { render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { setConfig } from '../../lib/config';
import { applyLanguage } from '../../lib/i18n';
import { testConfig, useTestConfig } from '../../test/config';
import { RoleBadge } from './role-badge';

const badge = (role: string) => {
  const view = render(<RoleBadge roles={[role]} />);
  const text = screen.getByText(/./, { selector: `[data-role="${role}"]` }).textContent;
  view.unmount();
  return text;
};

beforeEach(() => useTestConfig());

describe('RoleBadge manufacturer name', () => {
  it('names the manufacturer in German words on a German page', async () => {
    await applyLanguage('de');
    expect(badge('area_manager')).toBe('Hersteller');
    expect(badge('medel_user')).toBe('Team des Herstellers');
  });

  it('names the manufacturer in Spanish words on a Spanish page', async () => {
    await applyLanguage('es');
    expect(badge('area_manager')).toBe('Fabricante');
    expect(badge('medel_user')).toBe('Equipo del fabricante');
  });

  it('keeps the spec labels in English', async () => {
    await applyLanguage('en');
    expect(badge('area_manager')).toBe('the manufacturer');
    expect(badge('medel_user')).toBe("the manufacturer's user");
  });

  it("uses the configured name of the page's language", async () => {
    setConfig({
      ...testConfig,
      manufacturerName: 'Hearing Co',
      manufacturerNames: { en: 'Hearing Co', de: 'Hörwerk', es: 'Hearing Co' },
    });
    await applyLanguage('de');
    expect(badge('area_manager')).toBe('Hörwerk');
    expect(badge('medel_user')).toBe('Team Hörwerk');
    await applyLanguage('es');
    expect(badge('medel_user')).toBe('Equipo Hearing Co');
    await applyLanguage('en');
    expect(badge('medel_user')).toBe("Hearing Co's user");
  });
});
