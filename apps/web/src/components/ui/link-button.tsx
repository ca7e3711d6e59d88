import type { ComponentProps } from 'react';
import { Link } from 'react-router';
import classes from './link-button.module.css';

export type ButtonLook = {
  variant?: 'filled' | 'light' | 'subtle' | 'outline';
  size?: 'sm' | 'md' | 'lg';
  fullWidth?: boolean;
};

/** The attributes that give any element the button look of link-button.module.css. */
export const buttonLook = ({ variant = 'filled', size = 'sm', fullWidth = false }: ButtonLook, className?: string) => ({
  className: className ? `${classes.root} ${className}` : classes.root,
  'data-variant': variant,
  'data-size': size,
  'data-full-width': fullWidth || undefined,
});

/**
 * A link that looks like a Mantine button, in plain CSS: for calls to action on public pages and in the header,
 * whose first load should not carry Mantine's Button.
 */
export function LinkButton({ variant, size, fullWidth, className, ...rest }: ComponentProps<typeof Link> & ButtonLook) {
  return <Link {...rest} {...buttonLook({ variant, size, fullWidth }, className)} />;
}
