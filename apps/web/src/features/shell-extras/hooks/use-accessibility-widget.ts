import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { Language } from '@attune/contract';
import {
  accessibilityOptions,
  hideAccessibilityWidget,
  showAccessibilityWidget,
  type AccessibilityLabels,
} from '../lib/accessibility-widget';

/** Shows the accessibility widget with labels in `language`, built again when it changes. */
export function useAccessibilityWidget(language: Language): void {
  const { i18n } = useTranslation('shell');
  useEffect(() => {
    const labels = i18n.getResource(language, 'shell', 'accessibilityWidget.labels') as
      AccessibilityLabels | undefined;
    const english = i18n.getResource(
      'en',
      'shell',
      'accessibilityWidget.labels',
    ) as AccessibilityLabels;
    void showAccessibilityWidget(accessibilityOptions({ ...english, ...labels }, language));
    return () => void hideAccessibilityWidget();
  }, [i18n, language]);
}
