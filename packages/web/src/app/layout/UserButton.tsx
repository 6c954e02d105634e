import { Button, type ButtonProps } from '@mantine/core';
import { IconChevronDown, IconUserCircle } from '@tabler/icons-react';
import { forwardRef } from 'react';
import { useTranslation } from 'react-i18next';

/** The account menu's trigger (also its placeholder while the menu code loads). */
export const UserButton = forwardRef<HTMLButtonElement, ButtonProps & { email: string; onClick?: () => void }>(function UserButton(
  { email, ...props },
  ref,
) {
  const { t } = useTranslation();
  return (
    <Button
      ref={ref}
      variant="light"
      size="sm"
      leftSection={<IconUserCircle size={18} aria-hidden />}
      rightSection={<IconChevronDown size={14} aria-hidden />}
      aria-label={`${t('nav.accountMenu')}: ${email}`}
      maw={240}
      {...props}
    >
      <span style={{ overflow: 'hidden', textOverflow: 'ellipsis' }}>{email}</span>
    </Button>
  );
});
