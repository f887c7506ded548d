import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Language } from '@attune/contract';
import {
  accessibilityOptions,
  hasSavedAccessibilitySettings,
  hideAccessibilityWidget,
  showAccessibilityWidget,
  type AccessibilityLabels,
} from '../lib/accessibility-widget';

/**
 * - `launcher`: the widget is not loaded; our launcher stands in its place.
 * - `loading`: the member asked for it; the launcher shows it is busy.
 * - `widget`: the widget is shown (or loading at start for saved settings); its icon has the place.
 */
export type AccessibilityWidgetState = 'launcher' | 'loading' | 'widget';

export interface AccessibilityWidget {
  state: AccessibilityWidgetState;
  /** Loads the widget, opens its menu and moves the focus into it (the launcher's action). */
  open: () => void;
}

/**
 * The accessibility widget with labels in `language`: loaded at start when the visitor saved
 * settings, else when `open` is called; once loaded, built again when the language changes.
 */
export function useAccessibilityWidget(language: Language): AccessibilityWidget {
  const { i18n } = useTranslation('shell');
  const [state, setState] = useState<AccessibilityWidgetState>(() =>
    hasSavedAccessibilitySettings() ? 'widget' : 'launcher',
  );
  // Open the menu once the widget is shown: set by `open`, cleared when a widget has opened it
  // (a language change during the load still opens the menu of the widget built last).
  const openMenu = useRef(false);
  const wanted = state !== 'launcher';

  useEffect(() => {
    if (!wanted) return undefined;
    const labels = i18n.getResource(language, 'shell', 'accessibilityWidget.labels') as
      AccessibilityLabels | undefined;
    const english = i18n.getResource(
      'en',
      'shell',
      'accessibilityWidget.labels',
    ) as AccessibilityLabels;
    let active = true;
    void showAccessibilityWidget(accessibilityOptions({ ...english, ...labels }, language), {
      openMenu: openMenu.current,
    }).then((shown) => {
      if (!active) return;
      openMenu.current = false;
      // A failed load was logged (spec §8); the launcher comes back so the member can try again.
      setState(shown ? 'widget' : 'launcher');
    });
    return () => {
      active = false;
      void hideAccessibilityWidget();
    };
  }, [i18n, language, wanted]);

  const open = useCallback(() => {
    if (state !== 'launcher') return;
    openMenu.current = true;
    setState('loading');
  }, [state]);

  return { state, open };
}
