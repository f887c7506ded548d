import type { Ref } from 'react';
import Button, { type ButtonProps } from '@mui/material/Button';
import MuiLink, { type LinkProps as MuiLinkProps } from '@mui/material/Link';
import { createLink } from '@tanstack/react-router';

function ButtonAnchor({ ref, ...props }: ButtonProps<'a'> & { ref?: Ref<HTMLAnchorElement> }) {
  return <Button ref={ref} component="a" {...props} />;
}

function TextAnchor({ ref, ...props }: MuiLinkProps & { ref?: Ref<HTMLAnchorElement> }) {
  return <MuiLink ref={ref} {...props} />;
}

/** A router link that looks like a pill button. */
export const ButtonLink = createLink(ButtonAnchor);

/** A router link styled as an MUI text link (underlined, AA colour). */
export const TextLink = createLink(TextAnchor);
