export type Environment = 'prod';

/** The environment name (spec §9: the helper always returns 'prod'). */
export function getEnvironment(): Environment {
  return 'prod';
}
