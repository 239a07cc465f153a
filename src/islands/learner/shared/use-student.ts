import { useEffect, useState } from 'react';
import { $session, type UserInfo } from '~/lib/stores/session';
import { requireLogin } from '~/islands/shared/login-guard';

/**
 * The logged-in student of a learner page, or null while unknown. The page HTML is the same for
 * every student, so the session is read only after hydration (the first render matches the
 * server's skeleton). A visitor is told to log in and sent to login with this page as redirect.
 */
export function useStudent(): UserInfo | null {
  const [user, setUser] = useState<UserInfo | null>(null);
  useEffect(() => {
    if (!requireLogin()) return;
    setUser($session.get().user);
    return $session.listen((s) => {
      if (s.user) setUser(s.user);
    });
  }, []);
  return user;
}

const maskMobile = (m: string | null | undefined) => (m && /^\d{11}$/.test(m) ? `${m.slice(0, 3)}****${m.slice(7)}` : '');

/** The name a learner card shows: real name, else nickname (else the masked mobile number). */
export function studentName(user: Pick<UserInfo, 'realName' | 'nickName' | 'mobile'> | null | undefined): string {
  return user?.realName || user?.nickName || maskMobile(user?.mobile);
}
