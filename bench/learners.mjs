// The learner benchmark's students (npm run bench): N extra students enrolled in the demo
// school's class A ('2026年秋季电工（四级）精品班'), each with a session token, written straight into
// the running portal's SQLite file (WAL: the server keeps serving), so every load connection acts
// as a different student. And the calls the class page makes for one student.
import { createHash, randomBytes } from 'node:crypto';
import Database from 'better-sqlite3';

const CLASS_A = '2026年秋季电工（四级）精品班';

/** Adds `n` students to class A with tokens; answers [{ token, userId, classStudentId, classId }]. */
export function addClassStudents(dbFile, n) {
  const db = new Database(dbFile);
  db.pragma('busy_timeout = 10000');
  try {
    const cls = db.prepare('select id, tenant_id as tenantId from teaching_classes where name = ?').get(CLASS_A);
    if (!cls) throw new Error(`the seeded class ${CLASS_A} is missing`);
    const period = db.prepare('select id from class_periods where class_id = ? order by start_at limit 1').get(cls.id);
    const now = Date.now();
    const students = [];
    const insert = db.transaction(() => {
      for (let i = 0; i < n; i++) {
        const userId = `9${String(now).slice(-9)}${String(i).padStart(9, '0')}`;
        const classStudentId = `8${String(now).slice(-9)}${String(i).padStart(9, '0')}`;
        const token = randomBytes(32).toString('base64url');
        const mobile = `177${String(i).padStart(8, '0')}`;
        db.prepare('insert into users (id, mobile, username, password_hash, nick_name, real_name, avatar, status, created_at, updated_at) values (?, ?, null, null, ?, ?, null, 1, ?, ?)').run(
          userId,
          mobile,
          `学员${i}`,
          `压测学员${i}`,
          now,
          now,
        );
        db.prepare('insert into user_tenants (tenant_id, user_id, student_id, created_at) values (?, ?, ?, ?)').run(cls.tenantId, userId, `7${userId.slice(1)}`, now);
        db.prepare(
          'insert into class_students (id, tenant_id, class_id, user_id, school_student_id, period_id, service_status, enrol_state_at, visit_count, status_at, evaluate_status, created_at) values (?, ?, ?, ?, ?, ?, 2, ?, 0, ?, 0, ?)',
        ).run(classStudentId, cls.tenantId, cls.id, userId, `7${userId.slice(1)}`, period?.id ?? null, now, now, now);
        db.prepare('insert into user_tokens (id, token_hash, user_id, tenant_id, application_id, created_at, expires_at, revoked_at) values (?, ?, ?, ?, null, ?, ?, null)').run(
          `6${userId.slice(1)}`,
          createHash('sha256').update(token).digest('hex'),
          userId,
          cls.tenantId,
          now,
          now + 24 * 3600_000,
        );
        students.push({ token, userId, classStudentId, classId: cls.id });
      }
    });
    insert();
    return students;
  } finally {
    db.close();
  }
}

/**
 * The calls the class page (/study/training-class) makes when a student opens it on today's tab
 * (header, visit, statistics, today's activities, dynamics, courses) and then opens the past tab
 * (sums, first page of 6), in order: [path, body]. One "screen" is all of them.
 */
export function classScreenCalls(st) {
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
export function videoLesson(dbFile) {
  const db = new Database(dbFile, { readonly: true });
  try {
    const row = db
      .prepare("select r.id as classroomId, r.course_id as courseId from classrooms r join courses c on c.id = r.course_id where c.name = '电工基础与安全用电' and r.name = '电路的基本概念'")
      .get();
    if (!row) throw new Error('the seeded video lesson 电路的基本概念 is missing');
    return row;
  } finally {
    db.close();
  }
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
