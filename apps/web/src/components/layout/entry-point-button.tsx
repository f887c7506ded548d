import type { ReactNode, Ref } from 'react';
import Badge from '@mui/material/Badge';
import IconButton, { type IconButtonProps } from '@mui/material/IconButton';
import { createLink } from '@tanstack/react-router';
import type { Language } from '@attune/contract';

function IconAnchor({ ref, ...props }: IconButtonProps<'a'> & { ref?: Ref<HTMLAnchorElement> }) {
  return <IconButton ref={ref} component="a" {...props} />;
}
const IconLink = createLink(IconAnchor);

export interface EntryPointButtonProps {
  language: Language;
  to: '/$lang/notifications' | '/$lang/chat';
  /** Accessible name, including the count when it is known. */
  label: string;
  icon: ReactNode;
  /** Unread count; undefined while unknown (then no badge is shown). */
  count?: number | undefined;
}

/** A header link to notifications or chat, with a count badge once the count is known. */
export function EntryPointButton({ language, to, label, icon, count }: EntryPointButtonProps) {
  return (
    <IconLink
      to={to}
      params={{ lang: language }}
      aria-label={label}
      title={label}
      sx={{ color: 'text.primary' }}
    >
      <Badge
        color="primary"
        badgeContent={count}
        invisible={!count}
        max={99}
        slotProps={{ badge: { 'aria-hidden': true } as object }}
      >
        {icon}
      </Badge>
    </IconLink>
  );
}
