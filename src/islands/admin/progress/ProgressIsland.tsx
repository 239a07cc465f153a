import { useState } from 'react';
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
import { Modal } from '../../shared/Modal';
import { Button, PageTitle, Section } from '../shared';
import { Choice, DataTable, PagedList, toastFailure, useClassChoice, useListScreen, type Column } from '../kit';
import { MINUTE } from '~/lib/time/cst';

/**
 * Study progress (/admin/progress, read-only): a class the person teaches (administrators: any of
 * the school), its students sorted by study time and paged by the server, each with the figures
 * their own screens show; one student's courses in a dialog; the whole class as a CSV file.
 */
const PAGE_SIZE = 20;
const minutes = (ms: number) => t('progress.minutes', { n: Math.floor(ms / MINUTE) });
const pair = (done: number, total: number) => t('progress.pair', { done, total });
const col = (c: 'name' | 'mobile' | 'period' | 'study' | 'course' | 'process' | 'lessons' | 'video' | 'face' | 'homework' | 'test') => t(`progress.col.${c}`);

/** The figures a student's row and each of their courses share: lessons, video time, face-to-face, homework, tests. */
type Figures = Pick<
  StudentProgress,
  | 'finishNeedLearnNumber'
  | 'needLearnNumber'
  | 'finishStudyTime'
  | 'studyTime'
  | 'finishFaceTeachingNumber'
  | 'faceTeachingNumber'
  | 'finishHomeworkNumber'
  | 'homeworkNumber'
  | 'finishTestNumber'
  | 'testNumber'
>;
const FIGURE_COLUMNS: Column<Figures>[] = [
  { header: col('lessons'), cell: (r) => pair(r.finishNeedLearnNumber, r.needLearnNumber) },
  { header: col('video'), cell: (r) => `${minutes(r.finishStudyTime)} / ${minutes(r.studyTime)}`, className: 'whitespace-nowrap' },
  { header: col('face'), cell: (r) => pair(r.finishFaceTeachingNumber, r.faceTeachingNumber) },
  { header: col('homework'), cell: (r) => pair(r.finishHomeworkNumber, r.homeworkNumber) },
  { header: col('test'), cell: (r) => pair(r.finishTestNumber, r.testNumber) },
];

export default function ProgressIsland({ me }: { me: StaffMe }) {
  setCsrfToken(me.csrfToken);
  const { classes, classId, choose, options, nameOf } = useClassChoice();
  return (
    <div>
      <PageTitle>{t('progress.title')}</PageTitle>
      {classes.length === 0 ? (
        <p className="text-sm text-slate-600">{t('progress.noClass')}</p>
      ) : (
        <>
          <div className="mb-4">
            <Choice label={t('progress.pickClass')} value={classId} onValue={choose} options={options} />
          </div>
          {classId && <ClassProgress key={classId} classId={classId} className={nameOf(classId)} />}
        </>
      )}
    </div>
  );
}

function ClassProgress({ classId, className }: { classId: string; className: string }) {
  const paged = useListScreen((q: ProgressQuery) => staffSend(adminProgress, q), { classId, current: 1, size: PAGE_SIZE, sort: 'studyDesc' } as ProgressQuery);
  const q = paged.query;
  const [detail, setDetail] = useState<StudentProgressDetail | null>(null);
  const [exporting, setExporting] = useState(false);
  async function open(st: StudentProgress) {
    try {
      setDetail(await staffSend(adminProgressStudent, { classId, studentId: st.studentId }));
    } catch (e) {
      toastFailure(e);
    }
  }
  async function exportCsv() {
    setExporting(true);
    try {
      await staffDownload(adminProgressExport, { classId }, `${className}-${t('progress.fileName')}.csv`);
    } catch (e) {
      toastFailure(e);
    } finally {
      setExporting(false);
    }
  }
  const columns: Column<StudentProgress>[] = [
    { header: col('name'), cell: (r) => r.name },
    { header: col('mobile'), cell: (r) => r.mobile, className: 'whitespace-nowrap' },
    { header: col('period'), cell: (r) => r.periodName ?? '' },
    { header: col('study'), cell: (r) => minutes(r.studyDuration), className: 'whitespace-nowrap' },
    ...FIGURE_COLUMNS,
    {
      header: <span className="sr-only">{t('progress.detail')}</span>,
      cell: (r) => (
        <Button onClick={() => void open(r)}>
          {t('progress.detail')}
          <span className="sr-only">{r.name}</span>
        </Button>
      ),
    },
  ];
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
              ['studyDesc', t('progress.sort.studyDesc')],
              ['studyAsc', t('progress.sort.studyAsc')],
            ]}
          />
          <Button onClick={() => void exportCsv()} disabled={exporting}>
            {t('progress.export')}
          </Button>
        </div>
      }
    >
      <PagedList list={paged} label={t('progress.title')} columns={columns} rowKey={(r) => r.studentId} empty={t('progress.empty')} />
      {detail && (
        <Modal open title={t('progress.detailTitle', { name: detail.student.name })} onClose={() => setDetail(null)}>
          {detail.courses.length === 0 ? (
            <p className="text-sm text-slate-600">{t('progress.noCourses')}</p>
          ) : (
            <DataTable
              label={t('progress.detailTitle', { name: detail.student.name })}
              rows={detail.courses}
              rowKey={(c) => c.courseId}
              columns={[
                { header: col('course'), cell: (c) => c.courseName },
                { header: col('process'), cell: (c) => `${percentText(c.learnProcess)}%` },
                ...FIGURE_COLUMNS,
              ]}
            />
          )}
        </Modal>
      )}
    </Section>
  );
}
