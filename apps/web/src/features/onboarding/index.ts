/** Onboarding (`/{lang}/profile/start`): the step-by-step profile set-up of spec §4. */
export { OnboardingScreen, type OnboardingScreenProps } from './components/onboarding-screen';
