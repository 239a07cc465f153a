import { t } from '~/lib/i18n/messages/login';
import { TabList } from '../shared/TabList';
import { LOGIN_MODES, LoginFormElement, modeLabel, useLoginForm, type LoginFormProps } from './LoginForm';

/** The partner edition's login: 验证码登录 and 密码登录 as tabs above the form. */
export default function TabbedLoginForm({ fallback }: LoginFormProps) {
  const { id, mode, switchMode, submit, busy, fields } = useLoginForm(fallback);
  return (
    <LoginFormElement submit={submit} busy={busy}>
      <TabList
        label={t('login.modes')}
        tabs={LOGIN_MODES}
        selected={mode}
        onSelect={switchMode}
        tabId={(m) => id(`tab-${m}`)}
        panelId={() => id('panel')}
        className="mb-5 grid grid-cols-2 border-b border-slate-200"
        tabClass={(on) =>
          ['-mb-px border-b-2 py-2.5 text-sm font-medium', on ? 'border-brand text-brand' : 'border-transparent text-muted hover:text-ink'].join(' ')
        }
      >
        {modeLabel}
      </TabList>
      <div role="tabpanel" id={id('panel')} aria-labelledby={id(`tab-${mode}`)}>
        {fields}
      </div>
    </LoginFormElement>
  );
}
