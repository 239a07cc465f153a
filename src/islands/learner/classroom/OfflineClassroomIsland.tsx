import { useRef, useState, type ReactNode } from 'react';
import { ApiError, send } from '~/lib/api/client';
import {
  attendanceInfo,
  classroomHighlights,
  offlineClassroomDetail,
  signAttendance,
  type Attendance,
  type OfflineClassroom,
  type Titbit,
} from '~/lib/api/contracts/classroom-offline';
import { t } from '~/lib/i18n/messages/classroom-offline';
import { MUST_LEARN } from '~/lib/learning/codes';
import { cutTime } from '~/lib/learning/display';
import { SIGN_IN, SIGN_OUT, type SignType } from '~/lib/learning/sign';
import { toast } from '~/lib/toast';
import { TitledSection } from '../shared/TitledSection';
import { Avatar } from '~/islands/shared/Avatar';
import { QueryPage, queryFields, usePageQuery } from '../shared/page';
import { failureMessage, useLoad } from '../shared/use-load';
import { useStudent } from '../shared/use-student';
import { Highlights } from './Highlights';
import { InteractionSlot } from './InteractionSlot';
import { MINUTE } from '~/lib/time/cst';

/** The page's query, as activityJump builds it. */
const QUERY = ['classroomId', 'courseId', 'activityId', 'classId', 'studentId', 'isRequired'] as const;
type Query = Record<(typeof QUERY)[number], string>;

interface Loaded {
  detail: OfflineClassroom;
  /** null: opened without an activity (no attendance, no highlights). */
  attendance: Attendance | null;
  titbits: Titbit[];
}

/**
 * The face-to-face classroom (/study/classroom/offline): the header with the
 * sign-in and sign-out items, the before-class notes, the numbered knowledge points, the teachers
 * and the highlights; the interaction panel mounts in InteractionSlot.
 */
export default function OfflineClassroomIsland() {
  const user = useStudent();
  const query = usePageQuery((q) => queryFields(q, QUERY));
  const complete = !!query && !!query.classroomId && !!query.courseId && !!query.classId && !!query.studentId;
  const key = user && complete ? `${user.userId}:${query.classId}:${query.classroomId}:${query.activityId}:${query.studentId}` : null;
  const [load, reload] = useLoad<Loaded>(key, async () => {
    const q = query!;
    const activity = q.activityId || undefined;
    const base = { classId: q.classId, studentId: q.studentId, userId: user!.userId };
    const [detail, attendance, highlights] = await Promise.all([
      send(offlineClassroomDetail, { ...base, classroomId: q.classroomId, courseId: q.courseId, activityId: activity }, { silent: true }),
      activity ? send(attendanceInfo, { ...base, activityId: activity, classroomId: q.classroomId, courseId: q.courseId }, { silent: true }) : null,
      activity ? send(classroomHighlights, { ...base, bizId: activity, courseId: q.courseId }, { silent: true }) : null,
    ]);
    return { detail, attendance, titbits: highlights?.titbits ?? [] };
  });

  return (
    <QueryPage student={user} query={query} title={t('offline.title')} complete={complete} missing={t('offline.noQuery')} load={load} onRetry={reload}>
      {(data) => <ClassroomPage data={data} query={query!} userId={user!.userId} />}
    </QueryPage>
  );
}

function ClassroomPage({ data, query, userId }: { data: Loaded; query: Query; userId: string }) {
  const { detail, titbits } = data;
  return (
    <div className="grid min-w-0 gap-6 lg:grid-cols-[minmax(0,1fr)_auto]">
      <div className="min-w-0 space-y-8">
        <Header detail={detail} query={query} userId={userId} attendance={data.attendance} />
        <Section id="offline-notes" title={t('offline.notes')}>
          {detail.desc ? <p className="whitespace-pre-line break-words text-sm leading-7 text-slate-700">{detail.desc}</p> : <None />}
        </Section>
        <Section id="offline-points" title={t('offline.points')}>
          {detail.points.length ? (
            <ol className="space-y-2">
              {detail.points.map((p) => (
                <li key={p.seq} className="flex gap-3 text-sm leading-6 text-slate-700">
                  <span
                    aria-hidden="true"
                    className="flex h-6 w-6 shrink-0 items-center justify-center rounded-full bg-brand/10 text-xs font-semibold text-brand"
                  >
                    {p.seq}
                  </span>
                  <span className="min-w-0 break-words">{p.pointDesc}</span>
                </li>
              ))}
            </ol>
          ) : (
            <None />
          )}
        </Section>
        <Section id="offline-teachers" title={t('offline.teachers')}>
          {detail.teacherList.length ? (
            <ul className="flex flex-wrap gap-4">
              {detail.teacherList.map((teacher, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: teachers carry no id and two may share a name; the list is shown as sent, never reordered
                <li key={`${teacher.teacherName}-${i}`} className="flex items-center gap-3 rounded-lg border border-slate-200 px-3 py-2">
                  <Avatar pic={teacher.teacherAvatar} name={teacher.teacherName} look="teacher" />
                  <span className="text-sm">
                    <span className="block font-medium text-ink">{teacher.teacherName}</span>
                    <span className={teacher.lead ? 'text-brand' : 'text-slate-600'}>{teacher.lead ? t('offline.leadTeacher') : t('offline.assistant')}</span>
                  </span>
                </li>
              ))}
            </ul>
          ) : (
            <None />
          )}
        </Section>
        <Highlights titbits={titbits} />
      </div>
      <InteractionSlot
        classId={query.classId}
        classroomId={detail.classroomId}
        courseId={detail.courseId}
        studentId={query.studentId}
        classroomName={detail.classroomName}
        userId={userId}
        showLike
        className="lg:w-96"
      />
    </div>
  );
}

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <TitledSection id={id} title={title} className="space-y-3" headingClass="text-lg font-semibold text-ink">
      {children}
    </TitledSection>
  );
}

function None() {
  return <p className="text-sm text-muted">{t('offline.none')}</p>;
}

function Header({ detail, query, userId, attendance }: { detail: OfflineClassroom; query: Query; userId: string; attendance: Attendance | null }) {
  // The link's isRequired when it has one (the activity's), else the server's.
  const required = query.isRequired ? query.isRequired === String(MUST_LEARN.REQUIRED) : detail.isRequired === MUST_LEARN.REQUIRED;
  const start = cutTime(detail.classStartTime ?? attendance?.classStartTime);
  const end = cutTime(detail.classEndTime ?? attendance?.classEndTime);
  const place = [detail.position, detail.address].filter(Boolean).join(' · ');
  return (
    <header className="space-y-4 rounded-xl border border-slate-200 p-4 sm:p-6">
      <div className="flex flex-wrap items-center gap-2">
        <span className={`rounded px-2 py-0.5 text-xs font-medium ${required ? 'bg-red-50 text-red-700' : 'bg-slate-100 text-slate-700'}`}>
          {required ? t('offline.required') : t('offline.elective')}
        </span>
        <span className="rounded bg-amber-50 px-2 py-0.5 text-xs font-medium text-amber-800">{t('offline.faceToFace')}</span>
        <span className="text-sm text-slate-600">{detail.courseName}</span>
      </div>
      <h1 className="break-words text-2xl font-bold text-ink">{detail.classroomName}</h1>
      <dl className="grid gap-2 text-sm text-slate-700 sm:grid-cols-[auto_1fr] sm:gap-x-4">
        <dt className="text-slate-600">{t('offline.classTime')}</dt>
        <dd className="break-words">{start && end ? t('offline.timeRange', { start, end }) : t('offline.none')}</dd>
        <dt className="text-slate-600">{t('offline.location')}</dt>
        <dd className="break-words">{place || t('offline.none')}</dd>
      </dl>
      {attendance && (attendance.signIn === 1 || attendance.signOut === 1) && (
        <SignItems initial={attendance} query={query} userId={userId} classroomId={detail.classroomId} courseId={detail.courseId} />
      )}
    </header>
  );
}

/** The browser's location when the student allows it (asked only now, on pressing sign in); null otherwise. */
function currentPosition(): Promise<{ lat: number; lon: number } | null> {
  return new Promise((resolve) => {
    if (typeof navigator === 'undefined' || !navigator.geolocation) return resolve(null);
    navigator.geolocation.getCurrentPosition(
      (p) => resolve({ lat: p.coords.latitude, lon: p.coords.longitude }),
      () => resolve(null),
      { enableHighAccuracy: false, timeout: 8000, maximumAge: MINUTE },
    );
  });
}

/** The two signs of a face-to-face activity: the attendance fields of each and its words. */
const SIGNS = [
  {
    type: SIGN_IN,
    asked: 'signIn',
    done: 'isSignIn',
    time: 'signInTime',
    label: 'offline.signIn',
    doneAt: 'offline.signedInAt',
    notDone: 'offline.notSignedIn',
  },
  {
    type: SIGN_OUT,
    asked: 'signOut',
    done: 'isSignOut',
    time: 'signOutTime',
    label: 'offline.signOut',
    doneAt: 'offline.signedOutAt',
    notDone: 'offline.notSignedOut',
  },
] as const;

function SignItems(props: { initial: Attendance; query: Query; userId: string; classroomId: string; courseId: string }) {
  const [attendance, setAttendance] = useState(props.initial);
  const [busy, setBusy] = useState<SignType | null>(null);
  const running = useRef(false);

  const sign = async (type: SignType) => {
    // Each sign is allowed once: a repeat is blocked while a sign is running or once the attendance shows it; the server refuses it too.
    const done = type === SIGN_IN ? attendance.isSignIn === 1 || attendance.isSignOut === 1 : attendance.isSignOut === 1;
    if (running.current || done) {
      toast(t('offline.duplicate'), 'warning');
      return;
    }
    running.current = true;
    setBusy(type);
    try {
      const position = type === SIGN_IN ? await currentPosition() : null;
      const next = await send(
        signAttendance,
        {
          activityId: props.query.activityId,
          classId: props.query.classId,
          studentId: props.query.studentId,
          classroomId: props.classroomId,
          courseId: props.courseId,
          userId: props.userId,
          type,
          ...(position ? { lat: position.lat, lon: position.lon } : {}),
        },
        { silent: true },
      );
      setAttendance(next);
      toast(type === SIGN_IN ? t('offline.signInSuccess') : t('offline.signOutSuccess'), 'success');
    } catch (error) {
      // A refusal (a repeat, sign-out first…) is a warning; a failed network the client's 系统繁忙.
      toast(failureMessage(error), error instanceof ApiError && error.code !== null ? 'warning' : 'error');
      // Someone may have signed in another tab: show what the server has.
      try {
        setAttendance(
          await send(
            attendanceInfo,
            { activityId: props.query.activityId, classId: props.query.classId, studentId: props.query.studentId, userId: props.userId },
            { silent: true },
          ),
        );
      } catch {
        // Keep what is shown.
      }
    } finally {
      running.current = false;
      setBusy(null);
    }
  };

  // The activity's signs it asks for (sign-in, then sign-out), each with whether and when it is done.
  const items = SIGNS.filter((sign) => attendance[sign.asked] === 1).map((sign) => {
    const time = attendance[sign.time];
    return {
      type: sign.type,
      label: t(sign.label),
      done: attendance[sign.done] === 1,
      state: time ? t(sign.doneAt, { time: cutTime(time) }) : t(sign.notDone),
    };
  });
  return (
    <ul aria-label={t('offline.attendance')} className="grid gap-3 sm:grid-cols-2">
      {items.map((item) => (
        <li key={item.type} className="flex items-center justify-between gap-3 rounded-lg bg-slate-50 px-4 py-3">
          <span className="min-w-0 text-sm">
            <span className="block font-medium text-ink">{item.label}</span>
            <span className={item.done ? 'text-emerald-700' : 'text-slate-600'}>{item.state}</span>
          </span>
          <button
            type="button"
            onClick={() => void sign(item.type)}
            aria-busy={busy === item.type}
            className={[
              'shrink-0 rounded-lg px-4 py-1.5 text-sm font-medium',
              item.done ? 'border border-slate-300 text-slate-600' : 'bg-brand text-white hover:bg-brand-dark',
            ].join(' ')}
          >
            {busy === item.type ? t('offline.signing') : item.label}
          </button>
        </li>
      ))}
    </ul>
  );
}
