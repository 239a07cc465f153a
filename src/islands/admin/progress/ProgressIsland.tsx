import { useEffect, useState } from 'react';
import { t } from '~/lib/i18n/messages/admin-inbox';
import {
  adminProgress,
  adminProgressExport,
  adminProgressStudent,
  type ProgressQuery,
  type ProgressSort,
  type StudentProgress,
  type StudentProgressDetail,
} from '~/lib/api/contracts/admin-progress';
import type { StaffMe } from '~/lib/api/contracts/staff';
import { setCsrfToken, staffDownload, staffSend } from '~/lib/api/staff-client';
import { percentText } from '~/lib/learning/progress';
import { toast } from '~/lib/toast';
import { Modal } from '../../shared/Modal';
import { Button, LoadState, PageTitle, Pager, Section, TableBox, td, th, usePaged } from '../shared';
import { Choice, useClasses, useGivenClass } from '../inbox/filters';

/**
 * Study progress (/admin/progress, read-only): a class the person teaches (administrators: any of
 * the school), its students sorted by study time and paged by the server, each with the figures
 * their own screens show; one student's courses in a dialog; the whole class as a CSV file.
 */
const PAGE_SIZE = 20;
const fail = (e: unknown) => toast(e instanceof Error ? e.message : t('common.systemBusy'), 'error');
const minutes = (ms: number) => t('progress.minutes', { n: Math.floor(ms / 60_000) });
const pair = (done: number, total: number) => t('progress.pair', { done, total });

export default function ProgressIsland({ me }: { me: StaffMe }) {
  setCsrfToken(me.csrfToken);
  const classes = useClasses();
  const [classId, setClassId] = useState('');
  const given = useGivenClass(classes);
  useEffect(() => {
    if (!classId && classes[0]) setClassId(classes[0].id);
  }, [classes, classId]);
  // The class the address names (a class page links here with it) is chosen once it is known.
  useEffect(() => {
    if (given) setClassId(given);
  }, [given]);
  return (
    <div>
      <PageTitle>{t('progress.title')}</PageTitle>
      {classes.length === 0 ? (
        <p className="text-sm text-slate-600">{t('progress.noClass')}</p>
      ) : (
        <>
          <div className="mb-4">
            <Choice label={t('progress.pickClass')} value={classId} onValue={setClassId} options={classes.map((c) => ({ value: c.id, label: c.name }))} />
          </div>
          {classId && <ClassProgress key={classId} classId={classId} className={classes.find((c) => c.id === classId)?.name ?? ''} />}
        </>
      )}
    </div>
  );
}

function ClassProgress({ classId, className }: { classId: string; className: string }) {
  const paged = usePaged((q: ProgressQuery) => staffSend(adminProgress, q), { classId, current: 1, size: PAGE_SIZE, sort: 'studyDesc' } as ProgressQuery);
  const q = paged.query;
  const [detail, setDetail] = useState<StudentProgressDetail | null>(null);
  const [exporting, setExporting] = useState(false);
  async function open(st: StudentProgress) {
    try {
      setDetail(await staffSend(adminProgressStudent, { classId, studentId: st.studentId }));
    } catch (e) {
      fail(e);
    }
  }
  async function exportCsv() {
    setExporting(true);
    try {
      await staffDownload(adminProgressExport, { classId }, `${className}-${t('progress.fileName')}.csv`);
    } catch (e) {
      fail(e);
    } finally {
      setExporting(false);
    }
  }
  const cols = ['name', 'mobile', 'period', 'study', 'lessons', 'video', 'face', 'homework', 'test'] as const;
  return (
    <Section
      title={className}
      actions={
        <div className="flex flex-wrap items-end gap-3">
          <Choice
            label={t('progress.sort')}
            value={q.sort ?? 'studyDesc'}
            onValue={(v) => paged.go({ ...q, sort: v as ProgressSort, current: 1 })}
            options={[
              { value: 'studyDesc', label: t('progress.sort.studyDesc') },
              { value: 'studyAsc', label: t('progress.sort.studyAsc') },
            ]}
          />
          <Button onClick={() => void exportCsv()} disabled={exporting}>
            {t('progress.export')}
          </Button>
        </div>
      }
    >
      {!paged.data ? (
        <LoadState error={paged.error} onRetry={paged.reload} />
      ) : (
        <>
          <TableBox label={t('progress.title')}>
            <thead>
              <tr>
                {cols.map((c) => (
                  <th key={c} scope="col" className={th}>
                    {t(`progress.col.${c}`)}
                  </th>
                ))}
                <th scope="col" className={th}>
                  <span className="sr-only">{t('progress.detail')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {paged.data.records.length === 0 ? (
                <tr>
                  <td className={td} colSpan={cols.length + 1}>
                    {t('progress.empty')}
                  </td>
                </tr>
              ) : (
                paged.data.records.map((r) => (
                  <tr key={r.studentId}>
                    <td className={td}>{r.name}</td>
                    <td className={`${td} whitespace-nowrap`}>{r.mobile}</td>
                    <td className={td}>{r.periodName ?? ''}</td>
                    <td className={`${td} whitespace-nowrap`}>{minutes(r.studyDuration)}</td>
                    <td className={td}>{pair(r.finishNeedLearnNumber, r.needLearnNumber)}</td>
                    <td className={`${td} whitespace-nowrap`}>
                      {minutes(r.finishStudyTime)} / {minutes(r.studyTime)}
                    </td>
                    <td className={td}>{pair(r.finishFaceTeachingNumber, r.faceTeachingNumber)}</td>
                    <td className={td}>{pair(r.finishHomeworkNumber, r.homeworkNumber)}</td>
                    <td className={td}>{pair(r.finishTestNumber, r.testNumber)}</td>
                    <td className={td}>
                      <Button onClick={() => void open(r)}>
                        {t('progress.detail')}
                        <span className="sr-only">{r.name}</span>
                      </Button>
                    </td>
                  </tr>
                ))
              )}
            </tbody>
          </TableBox>
          <Pager page={paged.data} onPage={(current) => paged.go({ ...q, current })} />
        </>
      )}
      {detail && (
        <Modal open title={t('progress.detailTitle', { name: detail.student.name })} onClose={() => setDetail(null)}>
          {detail.courses.length === 0 ? (
            <p className="text-sm text-slate-600">{t('progress.noCourses')}</p>
          ) : (
            <TableBox label={t('progress.detailTitle', { name: detail.student.name })}>
              <thead>
                <tr>
                  {(['course', 'process', 'lessons', 'video', 'face', 'homework', 'test'] as const).map((c) => (
                    <th key={c} scope="col" className={th}>
                      {t(`progress.col.${c}`)}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {detail.courses.map((c) => (
                  <tr key={c.courseId}>
                    <td className={td}>{c.courseName}</td>
                    <td className={td}>{percentText(c.learnProcess)}%</td>
                    <td className={td}>{pair(c.finishNeedLearnNumber, c.needLearnNumber)}</td>
                    <td className={`${td} whitespace-nowrap`}>
                      {minutes(c.finishStudyTime)} / {minutes(c.studyTime)}
                    </td>
                    <td className={td}>{pair(c.finishFaceTeachingNumber, c.faceTeachingNumber)}</td>
                    <td className={td}>{pair(c.finishHomeworkNumber, c.homeworkNumber)}</td>
                    <td className={td}>{pair(c.finishTestNumber, c.testNumber)}</td>
                  </tr>
                ))}
              </tbody>
            </TableBox>
          )}
        </Modal>
      )}
    </Section>
  );
}
