import { ActionIcon, Button, Menu, Tooltip } from '@mantine/core';
import { LANGS } from '../../schemas/i18n';
import { currentLang } from '../intl/lang';
import { switchLanguage } from '../intl/switchLanguage';
import { useT } from '../intl/useT';
import { Icon } from './icons';

/** Spec §2 language switcher: the current language is disabled; choosing one stores it and reloads. */
export function LanguageMenu({ variant = 'icon' }: { variant?: 'icon' | 'button' }) {
  const t = useT();
  const cur = currentLang();
  return (
    <Menu position="bottom-end" shadow="md" width={200} withinPortal>
      <Menu.Target>
        {variant === 'icon' ? (
          <Tooltip label={t('shell.lang.label')} withArrow>
            <ActionIcon variant="subtle" color="gray" size="lg" aria-label={t('shell.lang.label')} data-testid="language-menu">
              <Icon name="globe" />
            </ActionIcon>
          </Tooltip>
        ) : (
          <Button variant="subtle" color="gray" size="xs" leftSection={<Icon name="globe" size={16} />} data-testid="language-menu">
            {cur.label}
          </Button>
        )}
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{t('shell.lang.label')}</Menu.Label>
        {LANGS.map((l) => (
          <Menu.Item
            key={l.code}
            disabled={l.code === cur.code}
            onClick={() => switchLanguage(l.code)}
            rightSection={l.code === cur.code ? <Icon name="check" size={14} /> : null}
            lang={l.intl}
            dir={l.dir}
            data-lang={l.code}
          >
            {l.label}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
