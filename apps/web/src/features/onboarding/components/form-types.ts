import type { OnboardingField, OnboardingForm } from '../lib/onboarding-form';

/** Form fields that hold one string (text inputs, single choices, yes/no). */
export type TextFieldName = {
  [K in OnboardingField]: OnboardingForm[K] extends string ? K : never;
}[OnboardingField];

/** Form fields that hold a list of option values. */
export type ListFieldName = {
  [K in OnboardingField]: OnboardingForm[K] extends string[] ? K : never;
}[OnboardingField];
