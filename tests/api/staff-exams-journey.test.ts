import { describe, expect, test } from 'vitest';
import * as bank from '~/lib/api/contracts/admin-bank';
import * as certs from '~/lib/api/contracts/admin-certificates';
import * as cls from '~/lib/api/contracts/admin-classes';
import * as crs from '~/lib/api/contracts/admin-courses';
import * as mk from '~/lib/api/contracts/admin-marking';
import * as exams from '~/lib/api/contracts/exams';
import { QUESTION_TYPE } from '~/lib/api/contracts/exams';
import { ATTEMPT_STATUS } from '~/lib/exams/attempt-policy';
import { STAFF_ROLE } from '~/lib/staff/roles';
import { t } from '~/server/i18n';
import { DEMO, useTestServer } from '../setup/server';
import { asStaff } from '../setup/staff';
import { withToken, loginAs, type TestUser } from '../setup/users';
import { freshStudentMobile, makeClass, ok, onClass, staffer, type Staffer } from '../setup/classes';
import { attach, courseWithSection, onCourse } from '../setup/courses';
import { leaves, record } from '../setup/exams';

/**
 * The three staff parts together, as a school uses them, through the HTTP calls only: a teacher of
 * a class made by this test builds a test from the question bank (a single choice worth 10 and a
 * short answer worth 20, in a paper with one group) and sets it on the class's test lesson; two
 * students answer it through the learner's calls (one right with a good short answer, one wrong);
 * their results wait for the teacher, who finds the work in the marking queue with 2 waiting, marks
 * the short answers (18 and 5, with comments) and releases both; each student's review then shows
 * choice points + the teacher's mark and the comment, equal to the stored score; an administrator
 * issues certificates for a pass at 20 and only the first student gets one, once; its verification
 * link on the school's host answers 有效, then 已撤销 with the reason once the administrator revokes it.
 */

const server = useTestServer();
const s = () => server();
const as = (who: Staffer) => asStaff(who.session, DEMO.id);
const onId = (who: Staffer, id: string) => ({ ...as(who), params: { id } });

const CHOICE_POINTS = 10;
const SHORT_POINTS = 20;
const MIN_SCORE = 20;

interface Student {
  name: string;
  user: TestUser;
  studentId: string;
}

/** A student enrolled by the administrator under a real name, signed in as a learner. */
async function enrol(admin: Staffer, classId: string, name: string): Promise<Student> {
  const mobile = freshStudentMobile();
  const enrolled = await ok<cls.Enrolled>(s().call(cls.adminClassEnrol, { mobile, name, periodId: null }, onClass(admin, classId, DEMO.id)));
  return { name, user: await loginAs(s(), DEMO.id, mobile), studentId: enrolled.student.id };
}

/** The verification page's answer for a link opened on the host the link names (the service the page renders). */
async function openVerifyLink(url: string) {
  const { verifyCertificate } = await import('~/server/certificates/certificates.admin.service');
  const { createScope } = await import('~/server/http/request-scope');
  const link = new URL(url);
  const scope = createScope(s().runtime, {
    requestId: 'journey-verify',
    ip: '',
    host: link.host,
    headers: { tenantId: null, schoolId: null, token: null, grayVersion: null, platformType: null, applicationId: null, client: null },
  });
  return verifyCertificate(scope, { k: link.searchParams.get('k'), c: link.searchParams.get('c'), s: link.searchParams.get('s') });
}

describe('question bank → marking → certificates', () => {
  test('a teacher’s bank test is answered by two students, hand-marked and released; the one who passes gets one certificate, then revoked', async () => {
    const admin = await staffer(s(), DEMO.id, STAFF_ROLE.admin);
    const teacher = await staffer(s(), DEMO.id, STAFF_ROLE.teacher);

    // The class (the teacher teaches it), its course with a test lesson, and two students.
    const klass = await makeClass(s(), admin, DEMO.id, { teachers: [{ accountId: teacher.account.id, role: 'course' }] });
    const { course, sectionId } = await courseWithSection(s(), admin, DEMO.id);
    await attach(s(), admin, DEMO.id, klass.id, course.id);
    const withLesson = await ok<crs.AdminCourse>(
      s().call(crs.adminLessonSave, { sectionId, name: '结业测验', classroomType: 7, mustLearn: 1 }, onCourse(admin, course.id, DEMO.id)),
    );
    const lessonId = withLesson.lessons.find((l) => l.name === '结业测验')!.id;
    const good = await enrol(admin, klass.id, '张明远');
    const weak = await enrol(admin, klass.id, '李晓燕');

    // 1. The teacher's bank questions, a paper with one group, and the test work on the lesson.
    const single = await ok<bank.AdminQuestion>(
      s().call(
        bank.bankQuestionSave,
        {
          questionType: QUESTION_TYPE.SINGLE,
          category: '电工基础',
          trunk: `<p>交流电的频率单位是（ ）${process.pid}</p>`,
          options: [
            { key: 'A', value: '赫兹' },
            { key: 'B', value: '欧姆' },
            { key: 'C', value: '瓦特' },
          ],
          answerOptions: ['A'],
          examPoint: CHOICE_POINTS,
        },
        as(teacher),
      ),
    );
    const short = await ok<bank.AdminQuestion>(
      s().call(
        bank.bankQuestionSave,
        {
          questionType: QUESTION_TYPE.SHORT_ANSWER,
          category: '安全用电',
          trunk: `<p>简述停电检修的安全步骤${process.pid}</p>`,
          reference: '停电、验电、装设接地线、悬挂标示牌和装设遮栏',
          examPoint: SHORT_POINTS,
        },
        as(teacher),
      ),
    );
    const paperInput = { title: `结业测验卷${process.pid}`, english: false, unitTime: 30, groups: [{ title: '一、必答题' }] };
    let paper = await ok<bank.AdminPaper>(s().call(bank.bankPaperSave, paperInput, as(teacher)));
    paper = await ok(s().call(bank.bankPaperQuestionsAdd, { groupId: paper.groups[0]!.id!, questionIds: [single.id, short.id] }, onId(teacher, paper.id)));
    expect(paper).toMatchObject({ questionCount: 2, totalPoints: CHOICE_POINTS + SHORT_POINTS });
    const lessons = await ok<bank.AdminWorkLesson[]>(
      s().call(
        bank.adminWorkSave,
        {
          classroomId: lessonId,
          source: 'paper',
          paperId: paper.id,
          title: '结业测验',
          manualGrading: true,
          partialMultiple: false,
          maxAttempts: 1,
          scoreRule: 'highest',
          marksShown: 'after_submit',
          keysShown: 'after_last_attempt',
        },
        onClass(teacher, klass.id, DEMO.id),
      ),
    );
    const work = lessons.find((l) => l.classroomId === lessonId)!.work!;
    expect(work).toMatchObject({ kind: 'test', paperId: paper.id, manualGrading: true, maxAttempts: 1, scoreRule: 'highest', attempts: 0 });

    // 2. Both students find the lesson's test, start it, answer and hand it in.
    const ref = (x: Student) => ({ classId: klass.id, studentId: x.studentId });
    const answerOf = new Map<string, string>();
    async function handIn(x: Student, choice: string, text: string) {
      const found = await ok<{ id: string }>(
        s().call(exams.workId, { ...ref(x), kind: 'test', classroomId: lessonId, courseId: course.id }, withToken(x.user.token)),
      );
      expect(found.id).toBe(work.id);
      const learnerPaper = await ok<exams.Paper>(s().call(exams.paper, { ...ref(x), workId: work.id }, withToken(x.user.token)));
      const questions = leaves(learnerPaper);
      expect(questions.map((q) => q.questionType).sort()).toEqual([QUESTION_TYPE.SINGLE, QUESTION_TYPE.SHORT_ANSWER]);
      const attempt = await ok<exams.AttemptState>(s().call(exams.startAttempt, { ...ref(x), workId: work.id }, withToken(x.user.token)));
      const w = { workId: work.id, answerLogId: attempt.answerLogId };
      const records = questions.map((q, i) =>
        record(w, q, i + 1, q.questionType === QUESTION_TYPE.SINGLE ? { optionList: [choice] } : { content: text }, s().clock.value),
      );
      await ok(s().call(exams.saveAnswers, { ...ref(x), answers: records }, withToken(x.user.token)));
      s().clock.advance(60_000);
      const submitted = await ok<exams.SubmitResult>(
        s().call(exams.submitTest, { ...ref(x), testId: work.id, answerLogId: attempt.answerLogId }, withToken(x.user.token)),
      );
      // 3. Pending: no score until the teacher has marked the short answer.
      expect(submitted).toEqual({ answerLogId: attempt.answerLogId, status: ATTEMPT_STATUS.PENDING, score: null });
      answerOf.set(attempt.answerLogId, text);
      return attempt.answerLogId;
    }
    const goodAttempt = await handIn(good, 'A', '先停电，再验电，然后装设接地线，悬挂标示牌并装设遮栏。');
    const weakAttempt = await handIn(weak, 'B', '关掉电源就可以修。');

    for (const [x, attemptId] of [
      [good, goodAttempt],
      [weak, weakAttempt],
    ] as const) {
      const standing = await ok<exams.WorkStanding>(s().call(exams.workStanding, { ...ref(x), workId: work.id }, withToken(x.user.token)));
      expect(standing).toMatchObject({ countedScore: null, scorePending: true, handedIn: true });
      const early = await s().call(exams.reviewAttempt, { ...ref(x), workId: work.id, answerLogId: attemptId }, withToken(x.user.token));
      expect(early.body.message).toBe('老师批阅后才能查看答案和解析，请耐心等待');
    }
    // Nobody passes yet: both wait for marking.
    const beforeMarking = await ok<certs.PassIssueReport>(
      s().call(certs.adminCertificatePassIssue, { classId: klass.id, workId: work.id, minScore: MIN_SCORE, apply: false }, as(admin)),
    );
    expect(beforeMarking.rows.map((r) => [r.name, r.outcome]).sort()).toEqual(
      [
        [weak.name, 'pending'],
        [good.name, 'pending'],
      ].sort(),
    );

    // The teacher's marking queue: this class's one work, 2 waiting.
    const queue = await ok<mk.MarkingWorkSummary[]>(s().call(mk.adminMarkingQueue, { classId: klass.id }, as(teacher)));
    expect(queue).toEqual([expect.objectContaining({ workId: work.id, title: '结业测验', kind: 'test', manualGrading: true, handQuestions: 1 })]);
    expect(queue[0]).toMatchObject({ classId: klass.id, waiting: 2, marked: 0, released: 0 });
    const detail = await ok<mk.MarkingWork>(s().call(mk.adminMarkingWork, { workId: work.id }, as(teacher)));
    const shortQ = detail.questions.find((q) => q.questionType === QUESTION_TYPE.SHORT_ANSWER)!;
    expect(shortQ).toMatchObject({ examPoint: SHORT_POINTS, needsHand: true, answerContent: short.reference });
    expect(detail.attempts.map((a) => [a.name, a.state, a.total]).sort()).toEqual(
      [
        [weak.name, 'waiting', null],
        [good.name, 'waiting', null],
      ].sort(),
    );

    // The short answers, marked by the teacher: one near full points, one low.
    const marks = new Map([
      [goodAttempt, { score: 18, comment: '步骤完整，顺序正确。' }],
      [weakAttempt, { score: 5, comment: '缺少验电和接地，请复习安全规程。' }],
    ]);
    for (const [attemptId, m] of marks) {
      const view = await ok<mk.MarkingAttempt>(s().call(mk.adminMarkingAttempt, { attemptId }, as(teacher)));
      expect(view.marks.find((q) => q.questionId === shortQ.id)).toMatchObject({ answer: { content: answerOf.get(attemptId) }, auto: null, mark: null });
      const saved = await ok<mk.MarkingAttempt>(
        s().call(mk.adminMarkingSave, { attemptId, questionId: shortQ.id, score: m.score, comment: m.comment, revision: 0 }, as(teacher)),
      );
      expect(saved.attempt).toMatchObject({ state: 'marked', score: null });
    }
    const marked = await ok<mk.MarkingWorkSummary[]>(s().call(mk.adminMarkingQueue, { workId: work.id }, as(teacher)));
    expect(marked[0]).toMatchObject({ waiting: 0, marked: 2, released: 0 });
    s().clock.advance(60_000);
    expect(await ok(s().call(mk.adminMarkingReleaseAll, { workId: work.id }, as(teacher)))).toEqual({ released: 2 });
    expect((await ok<mk.MarkingWorkSummary[]>(s().call(mk.adminMarkingQueue, { workId: work.id }, as(teacher))))[0]).toMatchObject({
      waiting: 0,
      marked: 0,
      released: 2,
    });

    // 4. Each student's review: choice points + the teacher's mark, the teacher's comment; the stored score is that sum.
    const expected = new Map([
      [goodAttempt, { student: good, choice: CHOICE_POINTS, total: CHOICE_POINTS + 18 }],
      [weakAttempt, { student: weak, choice: 0, total: 0 + 5 }],
    ]);
    for (const [attemptId, e] of expected) {
      const x = e.student;
      const m = marks.get(attemptId)!;
      const review = await ok<exams.ReviewedAttempt>(
        s().call(exams.reviewAttempt, { ...ref(x), workId: work.id, answerLogId: attemptId }, withToken(x.user.token)),
      );
      expect(review.testStudentResultVO).toMatchObject({ status: ATTEMPT_STATUS.REVIEWED, score: e.total });
      // One attempt allowed and handed in: the marks and the keys are both shown now.
      expect(review.visibility).toEqual({ marks: { shown: true }, questionMarks: { shown: true }, keys: { shown: true } });
      const choiceQ = detail.questions.find((q) => q.questionType === QUESTION_TYPE.SINGLE)!;
      expect(review.results.find((r) => r.questionId === choiceQ.id)).toMatchObject({ correct: e.choice > 0, score: e.choice });
      expect(review.results.find((r) => r.questionId === shortQ.id)).toMatchObject({ score: m.score, comment: m.comment });
      const standing = await ok<exams.WorkStanding>(s().call(exams.workStanding, { ...ref(x), workId: work.id }, withToken(x.user.token)));
      expect(standing).toMatchObject({ countedScore: e.total, scorePending: false, handedIn: true });
      const stored = await s().runtime.db.selectFrom('workAttempts').select(['status', 'score']).where('id', '=', attemptId).executeTakeFirstOrThrow();
      expect([stored.status, Number(stored.score)]).toEqual([ATTEMPT_STATUS.REVIEWED, e.total]);
    }

    // 5. Certificates for a pass at MIN_SCORE: only the first student reaches it; a second run issues none.
    const tests = await ok<certs.CertTestWork[]>(s().call(certs.adminCertificateTests, { classId: klass.id }, as(admin)));
    expect(tests).toEqual([{ id: work.id, title: '结业测验' }]);
    const pass = () =>
      ok<certs.PassIssueReport>(s().call(certs.adminCertificatePassIssue, { classId: klass.id, workId: work.id, minScore: MIN_SCORE, apply: true }, as(admin)));
    const first = await pass();
    expect(first.counts).toEqual({ issued: 1, exists: 0, skipped: 1 });
    const byName = (r: certs.PassIssueReport) => Object.fromEntries(r.rows.map((x) => [x.name, [x.outcome, x.score]]));
    expect(byName(first)).toEqual({ [good.name]: ['issued', CHOICE_POINTS + 18], [weak.name]: ['below', 5] });
    const number = first.rows.find((r) => r.name === good.name)!.number!;
    expect(number).toMatch(/^[0-9A-Za-z-]+\d{6}$/);
    const again = await pass();
    expect(again.counts).toEqual({ issued: 0, exists: 1, skipped: 1 });
    expect(again.rows.find((r) => r.name === good.name)).toMatchObject({ outcome: 'exists', number });
    const held = await ok<{ records: certs.AdminCertificate[]; total: number }>(
      s().call(certs.adminCertificates, { kind: 'training', keyword: number }, as(admin)),
    );
    expect(held.total).toBe(1);
    const certificate = held.records[0]!;
    expect(certificate).toMatchObject({ kind: 'training', name: good.name, number, fromTest: true, state: 'valid', revokedAt: null });
    // It carries the class's programme and training dates and the school's name.
    expect(certificate).toMatchObject({ productName: klass.productName, startDate: '2026-11-01', endDate: '2027-01-31', agencyName: DEMO.seed.name });
    const ofTheWork = await s().runtime.db.selectFrom('trainingCertificates').select(['classStudentId']).where('workId', '=', work.id).execute();
    expect(ofTheWork).toEqual([{ classStudentId: good.studentId }]);

    // 6. The verification link on the school's host: valid, then revoked with the reason.
    const valid = await openVerifyLink(certificate.verifyUrl);
    expect(valid).toMatchObject({ state: 'valid', kind: 'training', certificate: { studentName: good.name, certificateNum: number } });
    expect(t('verify.valid')).toBe('有效');
    s().clock.advance(60_000);
    const reason = '结业测验成绩复核有误';
    const revoked = await ok<certs.AdminCertificate>(s().call(certs.adminCertificateRevoke, { kind: 'training', reason }, onId(admin, certificate.id)));
    expect(revoked).toMatchObject({ state: 'revoked', revokedReason: reason, revokedAt: s().clock.value });
    const after = await openVerifyLink(certificate.verifyUrl);
    expect(after).toMatchObject({ state: 'revoked', kind: 'training', certificate: { certificateNum: number, revoked: { reason } } });
    expect(t('verify.revoked')).toBe('已撤销');
  });
});
