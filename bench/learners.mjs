// The learner benchmark's students (npm run bench): N extra students enrolled in the demo
// school's class A ('2026年秋季电工（四级）精品班'), each with a session token, written straight into
// the running portal's database (SQLite in WAL mode, or PostgreSQL: the server keeps serving), so every load connection acts
// as a different student. And the calls the class page makes for one student.
import { createHash, randomBytes } from 'node:crypto';
import Database from 'better-sqlite3';
import pg from 'pg';

const CLASS_A = '2026年秋季电工（四级）精品班';

const CLASS_SQL = 'select id, tenant_id as "tenantId" from teaching_classes where name = ?';
const PERIOD_SQL = 'select id from class_periods where class_id = ? order by start_at limit 1';

/** The rows that make student number `i` (a user in the school, enrolled in the class, with a session token): [sql, params][]. */
function studentRows(cls, periodId, history, i, now) {
  const userId = `9${String(now).slice(-9)}${String(i).padStart(9, '0')}`;
  const classStudentId = `8${String(now).slice(-9)}${String(i).padStart(9, '0')}`;
  const token = randomBytes(32).toString('base64url');
  const mobile = `17${String(i).padStart(9, '0')}`;
  const rows = [
    [
      'insert into users (id, mobile, username, password_hash, nick_name, real_name, avatar, status, created_at, updated_at) ' +
        'values (?, ?, null, null, ?, ?, null, 1, ?, ?)',
      [userId, mobile, `学员${i}`, `压测学员${i}`, now, now],
    ],
    ['insert into user_tenants (tenant_id, user_id, student_id, created_at) values (?, ?, ?, ?)', [cls.tenantId, userId, `7${userId.slice(1)}`, now]],
    [
      'insert into class_students (id, tenant_id, class_id, user_id, school_student_id, period_id, service_status, enrol_state_at, ' +
        'visit_count, status_at, evaluate_status, created_at) values (?, ?, ?, ?, ?, ?, 2, ?, 0, ?, 0, ?)',
      [classStudentId, cls.tenantId, cls.id, userId, `7${userId.slice(1)}`, periodId, now, now, now],
    ],
    [
      'insert into user_tokens (id, token_hash, user_id, tenant_id, application_id, created_at, expires_at, revoked_at) values (?, ?, ?, ?, null, ?, ?, null)',
      [`6${userId.slice(1)}`, createHash('sha256').update(token).digest('hex'), userId, cls.tenantId, now, now + 24 * 3600_000],
    ],
  ];
  if (history) rows.push(...historyRows(cls, history, classStudentId, i, now));
  return { rows, student: { token, userId, classStudentId, classId: cls.id } };
}

const LESSONS_SQL =
  'select r.id, r.course_id as "courseId", r.classroom_type as "type" from classrooms r join class_courses cc ' +
  'on cc.course_id = r.course_id and cc.tenant_id = r.tenant_id where cc.class_id = ? order by r.id';
const PAST_ACTIVITIES_SQL = 'select id from class_activities where class_id = ? and start_at < ? order by start_at';
const WORKS_SQL = 'select id, course_id as "courseId", classroom_id as "classroomId", kind from works where class_id = ? order by id';
/** The classroom types of homework and tests (their lessons are done by handing work in, not by study records). */
const WORK_LESSON_TYPES = [6, 7];
const MINUTE_MS = 60_000;

/**
 * What a student of the class has done by the time of the run, so the class page's class-wide
 * figures (who takes part in each course, the attendance of each activity) read a class of this size
 * as it is in use: every study lesson studied (every other one finished), every past activity signed
 * in, every homework and test handed in once.
 */
function historyRows(cls, history, classStudentId, i, now) {
  const id = (kind, k) => `${kind}${classStudentId.slice(1)}${String(k).padStart(3, '0')}`;
  const rows = [];
  history.lessons
    .filter((l) => !WORK_LESSON_TYPES.includes(l.type))
    .forEach((l, k) => {
      const finished = (i + k) % 2 === 0;
      rows.push([
        'insert into lesson_records (id, tenant_id, class_id, course_id, classroom_id, class_student_id, last_position_ms, furthest_ms, credited_ms, ' +
          'progress, seq, finished_at, first_studied_at, last_report_at, created_at) values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 1, ?, ?, ?, ?)',
        [
          id(5, k),
          cls.tenantId,
          cls.id,
          l.courseId,
          l.id,
          classStudentId,
          0,
          10 * MINUTE_MS,
          10 * MINUTE_MS,
          finished ? 100 : 40,
          finished ? now : null,
          now,
          now,
          now,
        ],
      ]);
    });
  history.pastActivities.forEach((a, k) => {
    rows.push([
      'insert into activity_attendance (id, tenant_id, class_id, activity_id, class_student_id, type, signed_at, lat, lon, created_at, corrected_by) ' +
        'values (?, ?, ?, ?, ?, 1, ?, null, null, ?, null)',
      [id(4, k), cls.tenantId, cls.id, a.id, classStudentId, now, now],
    ]);
  });
  history.works.forEach((w, k) => {
    rows.push([
      'insert into work_attempts (id, tenant_id, class_id, course_id, classroom_id, class_student_id, work_type, started_at, submitted_at, status, ' +
        'score, created_at, work_id, answered_count, question_count, submitted_by, attempt_no) values (?, ?, ?, ?, ?, ?, ?, ?, ?, 2, 80, ?, ?, 1, 1, ?, 1)',
      [id(3, k), cls.tenantId, cls.id, w.courseId, w.classroomId, classStudentId, w.kind === 'test' ? 7 : 6, now - MINUTE_MS, now, now, w.id, 'student'],
    ]);
  });
  return rows;
}

/**
 * Adds `n` students to class A (or the seeded class named) with tokens, numbered from `first` (numbers must not repeat
 * in one database); answers [{ token, userId, classStudentId, classId }]. `db` is a SQLite file or a
 * postgres:// URL (the portal's own database, while it runs). With `withHistory` each has studied,
 * signed in and handed in what the class has had so far (historyRows); without, nothing yet (the
 * progress and save runs start their own studies and attempts).
 */
export async function addClassStudents(db, n, first = 0, withHistory = false, className = CLASS_A) {
  if (/^postgres(ql)?:\/\//.test(db)) return addPgStudents(db, n, first, withHistory, className);
  const sqlite = new Database(db.replace(/^file:/, ''));
  sqlite.pragma('busy_timeout = 10000');
  try {
    const cls = sqlite.prepare(CLASS_SQL).get(className);
    if (!cls) throw new Error(`the seeded class ${className} is missing`);
    const period = sqlite.prepare(PERIOD_SQL).get(cls.id);
    const now = Date.now();
    const history = withHistory && {
      lessons: sqlite.prepare(LESSONS_SQL).all(cls.id),
      pastActivities: sqlite.prepare(PAST_ACTIVITIES_SQL).all(cls.id, now),
      works: sqlite.prepare(WORKS_SQL).all(cls.id),
    };
    const students = [];
    sqlite.transaction(() => {
      for (let i = first; i < first + n; i++) {
        const { rows, student } = studentRows(cls, period?.id ?? null, history, i, now);
        for (const [sql, params] of rows) sqlite.prepare(sql).run(...params);
        students.push(student);
      }
    })();
    return students;
  } finally {
    sqlite.close();
  }
}

/** One row of a query (placeholders '?') on the portal's database, SQLite file or postgres:// URL. */
export async function dbRow(db, sql, params = []) {
  if (/^postgres(ql)?:\/\//.test(db)) {
    const client = new pg.Client({ connectionString: db });
    await client.connect();
    try {
      let k = 0;
      return (
        await client.query(
          sql.replace(/\?/g, () => `$${++k}`),
          params,
        )
      ).rows[0];
    } finally {
      await client.end();
    }
  }
  const sqlite = new Database(db.replace(/^file:/, ''), { readonly: true });
  try {
    return sqlite.prepare(sql).get(...params);
  } finally {
    sqlite.close();
  }
}

async function addPgStudents(url, n, first, withHistory, className) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const numbered = (sql) => {
    let k = 0;
    return sql.replace(/\?/g, () => `$${++k}`);
  };
  try {
    const cls = (await client.query(numbered(CLASS_SQL), [className])).rows[0];
    if (!cls) throw new Error(`the seeded class ${className} is missing`);
    const period = (await client.query(numbered(PERIOD_SQL), [cls.id])).rows[0];
    const now = Date.now();
    const history = withHistory && {
      lessons: (await client.query(numbered(LESSONS_SQL), [cls.id])).rows,
      pastActivities: (await client.query(numbered(PAST_ACTIVITIES_SQL), [cls.id, now])).rows,
      works: (await client.query(numbered(WORKS_SQL), [cls.id])).rows,
    };
    const students = [];
    await client.query('begin');
    for (let i = first; i < first + n; i++) {
      const { rows, student } = studentRows(cls, period?.id ?? null, history, i, now);
      for (const [sql, params] of rows) await client.query(numbered(sql), params);
      students.push(student);
    }
    await client.query('commit');
    return students;
  } finally {
    await client.end();
  }
}

/**
 * The calls the class page (/study/training-class) makes when a student opens it on today's tab (its
 * whole first view in one call: header, visit, statistics, today's activities, dynamics, courses) and
 * then opens the past tab (sums, first page of 6), in order: [path, body]. One "screen" is all of them.
 */
export function classScreenCalls(st) {
  const ids = { classId: st.classId, userId: st.userId };
  return [
    ['/api/teaching/anyone/classStudent/firstView', ids],
    ['/api/teaching/anyone/classActivity/pastActivitySum', ids],
    ['/api/teaching/anyone/classActivity/pastActivityPage', { current: 1, size: 6, order: 'descending', sort: 'id', model: ids }],
  ];
}

/** The same screen as the page made it until its first view was one call: each part its own call (the spec's calls). */
export function classScreenSeparateCalls(st) {
  const ids = { classId: st.classId, userId: st.userId };
  const mine = { classId: st.classId, studentId: st.classStudentId };
  return [
    ['/api/teaching/anyone/classStudent/detail', ids],
    ['/api/teaching/anyone/classStudent/increaseVisit', mine],
    ['/api/teaching/anyone/classStudent/userStudySituation', mine],
    ['/api/teaching/anyone/classActivity/todayActivities', ids],
    ['/api/teaching/anyone/classActivity/dynamicPage', { current: 1, size: 30, model: { classId: st.classId } }],
    ['/api/teaching/anyone/classStudent/courseStatistic', mine],
    ['/api/teaching/anyone/classActivity/pastActivitySum', ids],
    ['/api/teaching/anyone/classActivity/pastActivityPage', { current: 1, size: 6, order: 'descending', sort: 'id', model: ids }],
  ];
}

/** The video lesson the progress run reports on: class A's course '电工基础与安全用电', lesson '电路的基本概念'. */
export async function videoLesson(db) {
  const row = await dbRow(
    db,
    'select r.id as "classroomId", r.course_id as "courseId" from classrooms r join courses c on c.id = r.course_id ' +
      "where c.name = '电工基础与安全用电' and r.name = '电路的基本概念'",
  );
  if (!row) throw new Error('the seeded video lesson 电路的基本概念 is missing');
  return row;
}

/** A study-progress report of one student on the lesson: sequence `seq`, 10 s watched since the last one. */
export function progressReport(st, lesson, seq) {
  return {
    classroomId: lesson.classroomId,
    courseId: lesson.courseId,
    classId: st.classId,
    studentId: st.classStudentId,
    seq,
    positionMs: Math.min(seq * 10_000, 17 * 60_000),
    watchedMs: 10_000,
    client: 'Web',
  };
}

/** Every question a student answers on the paper (sub-questions of reading and cloze on their own). */
export function answerable(paper) {
  const map = Object.keys(paper.questionResultVOMap ?? {}).length ? paper.questionResultVOMap : paper.englishQuestionResultVOMap;
  const out = [];
  const visit = (q) => {
    if (q.readQuestionList?.length) q.readQuestionList.forEach(visit);
    else out.push(q);
  };
  for (const list of Object.values(map ?? {})) list.forEach(visit);
  return out;
}

export function answerOf(q, seq) {
  const keys = q.questionContentVO?.optionList?.map((o) => o.key) ?? [];
  if ([1, 2, 3].includes(q.questionType) && keys.length) return { content: null, optionList: [keys[seq % keys.length]] };
  return { content: `作答${seq}`, optionList: [] };
}

/** The next save of a taker `t` ({ ref, answerLogId, seqs, k }): the next sequence number of the next question, as the answering page sends it. */
export function saveBody(work, questions, t) {
  const q = questions[t.k++ % questions.length];
  const seq = (t.seqs.get(q.id) ?? 0) + 1;
  t.seqs.set(q.id, seq);
  const now = Date.now();
  return {
    ...t.ref,
    answers: [
      {
        answerLogId: t.answerLogId,
        id: work.id,
        questionId: q.id,
        questionUnitId: q.questionUnitId,
        questionAnswerVO: answerOf(q, seq),
        seq,
        answerTime: now,
        submitTime: now,
      },
    ],
  };
}

/** A POST to the portal as a student; its answer's data (throws on a refusal: a run's setup must not be refused). */
export async function studentCall(base, st, path, body) {
  const r = await fetch(base + path, { method: 'POST', headers: { 'content-type': 'application/json', token: st.token }, body: JSON.stringify(body) });
  const json = await r.json();
  if (json.code !== 0) throw new Error(`${path} answered ${JSON.stringify(json).slice(0, 300)}`);
  return json.data;
}

/**
 * An autocannon load of writes to `path`, each the next one's of `pool` ({ st, … }) in turn, its body from `next(own)`:
 * with a pool much larger than the connections no one passes their own limit (120 writes a minute), so a run measures
 * writes kept, not refusals. `onResponse` sees every answer (refusalCounter in open-loop.mjs).
 */
export function rotatingWrites(base, path, pool, next, onResponse) {
  let n = 0;
  return {
    url: base + path,
    requests: [
      {
        method: 'POST',
        path,
        setupRequest: (req) => {
          const own = pool[n++ % pool.length];
          return { ...req, headers: { 'content-type': 'application/json', token: own.st.token }, body: JSON.stringify(next(own)) };
        },
        onResponse,
      },
    ],
  };
}

/**
 * Brings PostgreSQL's statistics up to date once the bench has added its rows, as autovacuum does in production within
 * about a minute of such growth (it looks every autovacuum_naptime, 1 min, and analyzes a table once 50 rows and 10 %
 * of it changed). The bench adds its students, attempts and first writes seconds before it measures: planned before
 * any statistics of the tables, the enrolment read took the class's index and filtered the whole class on every call
 * (251 µs of PostgreSQL's time a call for 2,000 students, 62 µs once analyzed), and a report's study clock was read by
 * a scan of every student's, which no class meets after its first minute. SQLite keeps no statistics unless asked
 * (ANALYZE), and the portal never asks: nothing to do there.
 */
export async function analyzed(db) {
  if (!/^postgres(ql)?:\/\//.test(db)) return;
  const client = new pg.Client({ connectionString: db });
  await client.connect();
  try {
    await client.query('analyze');
  } finally {
    await client.end();
  }
}

const TEST_TITLE = '第一章单元测验';

/**
 * `n` new students of class A (numbered from `first`), each with an attempt at the seeded test started through the
 * portal at `base`: { work, takers: [{ st, ref, answerLogId, seqs, k }] for saveBody, questions }.
 */
export async function testTakers(base, dbFile, n, first = 0) {
  const work = await dbRow(dbFile, 'select id from works where title = ?', [TEST_TITLE]);
  const takers = [];
  for (const st of await addClassStudents(dbFile, n, first)) {
    const ref = { classId: st.classId, studentId: st.classStudentId };
    const attempt = await studentCall(base, st, '/api/teaching/anyone/work/attempt/start', { ...ref, workId: work.id });
    takers.push({ st, ref, answerLogId: attempt.answerLogId, seqs: new Map(), k: 0 });
  }
  const questions = answerable(await studentCall(base, takers[0].st, '/api/library/anyone/work/paper', { ...takers[0].ref, workId: work.id }));
  return { work, takers, questions };
}

/**
 * `n` new students of class A (numbered from `first`), each having opened the seeded video lesson through the portal
 * at `base` (the view starts the time reports may credit): { lesson, reporters: [{ st, seq }] for progressReport }.
 */
export async function lessonReporters(base, dbFile, n, first = 0) {
  const lesson = await videoLesson(dbFile);
  const reporters = [];
  for (const st of await addClassStudents(dbFile, n, first)) {
    await studentCall(base, st, '/api/teaching/anyone/classroom/online/view', progressReport(st, lesson, 0));
    reporters.push({ st, seq: 0 });
  }
  return { lesson, reporters };
}
