import { describe, expect, test } from 'vitest';
import fc from 'fast-check';
import { auditLink, auditWords, fieldLabel, referencedIds, valueText, type AuditFacts } from '~/lib/staff/audit-words';
import { adminAudit } from '~/lib/i18n/messages/admin-audit';
import { admin } from '~/lib/i18n/messages/admin';
import { AUDIT_ACTION, AUDIT_ACTIONS, AUDIT_TARGET, AUDIT_TARGETS, STAFF_ROLES, type AuditTarget } from '~/lib/staff/roles';
import { formatDateTime } from '~/lib/time/cst';

/** An id as the portal makes them: 26 digits. */
const ID = '17953128000004794194295127';
const OTHER_ID = '17953128000001683181035762';

const entry = (over: Partial<AuditFacts>): AuditFacts => ({
  action: AUDIT_ACTION.classUpdate,
  targetType: AUDIT_TARGET.teachingClass,
  targetId: ID,
  targetName: null,
  actorName: '张老师',
  actorRole: 'admin',
  before: null,
  after: null,
  names: {},
  ...over,
});

/** What no rendered text may ever hold. */
const UNREADABLE = /\[object Object\]|undefined|\d{26}/;

describe('every action and every kind of thing has words', () => {
  test.each(AUDIT_ACTIONS)('%s reads as a sentence naming who did it', (action) => {
    expect(`audit.do.${action}` in adminAudit).toBe(true);
    const words = auditWords(entry({ action, targetName: '示例' }));
    expect(words.sentence.startsWith('张老师（学校管理员）')).toBe(true);
    expect(words.sentence).not.toMatch(UNREADABLE);
    expect(words.sentence).not.toContain('{');
    expect(words.sentence).toBe(`${words.lead}${words.thing}${words.tail}`);
  });

  test.each(AUDIT_TARGETS)('%s has a kind in Chinese', (target) => {
    expect(`admin.audit.target.${target}` in admin || `admin.audit.target.${target}` in adminAudit).toBe(true);
    const words = auditWords(entry({ action: AUDIT_ACTION.catalogUpdate, targetType: target }));
    expect(words.thing).toMatch(/[\u4e00-\u9fff]/);
    expect(words.sentence).not.toMatch(UNREADABLE);
  });

  test('the catalogue has no action or kind left over', () => {
    const actions = Object.keys(adminAudit).filter((k) => k.startsWith('audit.do.'));
    expect(actions.sort()).toEqual(AUDIT_ACTIONS.map((a) => `audit.do.${a}`).sort());
  });
});

describe('sentences name who, what and which', () => {
  test('a revoked certificate: its holder and title, the state in words', () => {
    const words = auditWords(
      entry({
        action: AUDIT_ACTION.certificateRevoke,
        targetType: AUDIT_TARGET.skillCertificate,
        targetName: '张三 · 电工上岗证',
        before: { number: 'ZS-1', state: 'valid' },
        after: { number: 'ZS-1', state: 'revoked', reason: '信息有误' },
      }),
    );
    expect(words.sentence).toBe('张老师（学校管理员）撤销了职业技能等级证书「张三 · 电工上岗证」');
    expect(words.changes).toContainEqual({ label: '证书状态', before: '有效', after: '已撤销' });
    expect(words.changes).toContainEqual({ label: '原因', before: null, after: '信息有误' });
  });

  test('a new FAQ: its question, its state as the catalogue says it, not a lead state', () => {
    const words = auditWords(
      entry({
        action: AUDIT_ACTION.catalogCreate,
        targetType: AUDIT_TARGET.question,
        after: { name: '怎么报名？', state: 1, majorId: OTHER_ID },
        names: { [OTHER_ID]: '电工' },
      }),
    );
    expect(words.sentence).toBe('张老师（学校管理员）新建了常见问题「怎么报名？」');
    expect(words.changes).toContainEqual({ label: '问题', before: null, after: '怎么报名？' });
    expect(words.changes).toContainEqual({ label: '状态', before: null, after: '已发布' });
    expect(words.changes).toContainEqual({ label: '热门专业', before: null, after: '电工' });
  });

  test('a lead keeps its own state words', () => {
    const words = auditWords(entry({ action: AUDIT_ACTION.leadState, targetType: AUDIT_TARGET.lead, before: { state: 0 }, after: { state: 1 } }));
    expect(words.changes).toEqual([{ label: '线索状态', before: '待处理', after: '已处理' }]);
  });

  test('marking and release name the student and the work', () => {
    const names = { targetType: AUDIT_TARGET.workAttempt, targetName: '李四 · 期末考试' } as const;
    expect(auditWords(entry({ action: AUDIT_ACTION.markSave, ...names, actorRole: 'teacher' })).sentence).toBe(
      '张老师（任课教师）批阅了作业测验作答「李四 · 期末考试」',
    );
    expect(auditWords(entry({ action: AUDIT_ACTION.markRelease, ...names })).sentence).toContain('发布了作业测验作答「李四 · 期末考试」的成绩');
  });

  test('the name now beats the name written; an old entry with neither shows the kind and the last digits of its id', () => {
    expect(auditWords(entry({ targetName: '旧名', names: { [ID]: '新名' } })).thing).toBe('班级「新名」');
    expect(auditWords(entry({})).thing).toBe('班级（编号尾号 295127）');
    expect(auditWords(entry({ before: { name: '甲班' } })).thing).toBe('班级「甲班」');
  });

  test('an actor no longer there, or the command line, is named without a role', () => {
    expect(auditWords(entry({ actorRole: null })).lead.startsWith('张老师')).toBe(true);
    expect(auditWords(entry({ actorRole: null, actorName: '' })).lead.startsWith('运维命令行')).toBe(true);
  });

  test('actions that name no thing have no thing to link', () => {
    const words = auditWords(entry({ action: AUDIT_ACTION.signIn, targetType: AUDIT_TARGET.session }));
    expect(words.thing).toBe('');
    expect(words.sentence).toBe('张老师（学校管理员）登录了后台');
  });
});

describe('values read in words', () => {
  test('booleans, times, enums, roles, minutes', () => {
    expect(valueText('invitation', 'revoked', true, {})).toBe('是');
    expect(valueText('news', 'publishAt', Date.UTC(2026, 0, 1, 0, 0), {})).toBe(formatDateTime(Date.UTC(2026, 0, 1, 0, 0)));
    expect(valueText('news', 'state', 'published', {})).toBe('已发布');
    expect(valueText('account', 'role', 'teacher', {})).toBe('任课教师');
    expect(valueText('account', 'status', 0, {})).toBe('已停用');
    expect(valueText('examPaper', 'unitTime', 30, {})).toBe('30 分钟');
    expect(valueText('classStudent', 'serviceStatus', -1, {})).toBe('待录取');
  });

  test('objects and lists in brief, never [object Object]', () => {
    expect(valueText('school', 'institution', { name: '', educationProperty: '' }, {})).toBe('（空）');
    expect(valueText('school', 'institution', { name: '电工学院', schoolFaculty: '电气系' }, {})).toBe('电工学院');
    expect(valueText('bankQuestion', 'options', [{ key: 'A', value: '欧姆' }], {})).toBe('欧姆');
    expect(valueText('product', 'periodTypes', [1, 2, 3, 4, 5, 6, 7], {})).toBe('1、2、3、4、5 等 7 项');
    expect(valueText('product', 'categoryIds', [], {})).toBe('（无）');
  });

  test('ids by their names, else their last digits; rich text without tags, cut short', () => {
    expect(valueText('work', 'classId', ID, { [ID]: '春季电工班' })).toBe('春季电工班');
    expect(valueText('work', 'classId', ID, {})).toBe('编号尾号 295127');
    expect(valueText('product', 'detail', `<p>课程<strong>详情</strong>${'很长'.repeat(40)}</p>`, {})).toMatch(/^课程 详情 很长.*…$/);
  });

  test('labels per kind of thing: the same field reads differently where it means something else', () => {
    expect(fieldLabel('lead', 'state')).toBe('线索状态');
    expect(fieldLabel('question', 'state')).toBe('状态');
    expect(fieldLabel('question', 'name')).toBe('问题');
    expect(fieldLabel('account', 'name')).toBe('姓名');
    expect(fieldLabel('workAttempt', '第1题得分')).toBe('第1题得分');
    expect(fieldLabel('course', 'somethingNew')).toBe('其他信息');
    expect(fieldLabel('course', 'constructor')).toBe('其他信息');
    expect(valueText('course', 'toString', 'x', {})).toBe('x');
  });
});

describe('the ids an entry mentions, and the links', () => {
  test('the thing, the ids of its fields by kind, an order by the entry own kind', () => {
    const refs = referencedIds({ targetType: AUDIT_TARGET.work, targetId: ID, before: { classId: OTHER_ID }, after: { paperId: OTHER_ID, title: ID } });
    expect(refs).toEqual([
      { type: 'work', id: ID },
      { type: 'teachingClass', id: OTHER_ID },
      { type: 'examPaper', id: OTHER_ID },
    ]);
    expect(referencedIds({ targetType: AUDIT_TARGET.work, targetId: ID, before: null, after: { constructor: OTHER_ID } })).toHaveLength(1);
    expect(referencedIds({ targetType: AUDIT_TARGET.albumTab, targetId: ID, before: null, after: { order: [OTHER_ID] } })).toContainEqual({
      type: 'albumTab',
      id: OTHER_ID,
    });
  });

  test('links to the staff screens', () => {
    expect(auditLink('skillCert', ID, null)).toBe(`/admin/certificates/print?kind=skill&id=${ID}`);
    expect(auditLink('teachingClass', ID, null)).toBe(`/admin/classes?id=${ID}`);
    expect(auditLink('question', ID, null)).toBe(`/admin/catalog/questions?id=${ID}`);
    expect(auditLink('workAttempt', ID, OTHER_ID)).toBe(`/admin/marking?work=${OTHER_ID}`);
    // Entries about a student open their 学员管理 page: a class's student by the enrolment's user, a school's student by their id.
    expect(auditLink('classStudent', ID, OTHER_ID)).toBe(`/admin/students?id=${OTHER_ID}`);
    expect(auditLink('schoolStudent', ID, null)).toBe(`/admin/students?id=${ID}`);
    expect(auditLink('session', ID, null)).toBeNull();
  });
});

describe('no generated value reads as [object Object], undefined or an id', () => {
  const id = fc.stringMatching(/^\d{26}$/);
  const value = fc.oneof(
    fc.anything({ maxDepth: 3 }),
    id,
    fc.array(id),
    fc.record({ name: fc.oneof(fc.string(), id), value: fc.anything() }),
    fc.integer(),
    fc.double(),
  );
  // Text the staff typed may say anything; only what the rule adds is checked.
  const typedNothingUnreadable = (v: unknown) => !/\[object Object\]|undefined/.test(JSON.stringify(v) ?? '');
  const target = fc.constantFrom(...AUDIT_TARGETS) as fc.Arbitrary<AuditTarget>;
  const key = fc.oneof(fc.constantFrom('state', 'status', 'role', 'name', 'classId', 'order', 'publishAt', 'detail', 'unitTime', 'institution'), fc.string());

  test('a field value', () => {
    fc.assert(
      fc.property(target, key, value.filter(typedNothingUnreadable), (type, field, v) => {
        expect(valueText(type, field, v, {})).not.toMatch(UNREADABLE);
        expect(fieldLabel(type, field)).not.toMatch(UNREADABLE);
      }),
    );
  });

  test('a whole entry', () => {
    const side = fc.option(fc.dictionary(key, value), { nil: null }).filter(typedNothingUnreadable);
    fc.assert(
      fc.property(
        fc.constantFrom(...AUDIT_ACTIONS),
        target,
        id,
        fc.option(fc.string().filter(typedNothingUnreadable), { nil: null }),
        fc.option(fc.constantFrom(...STAFF_ROLES), { nil: null }),
        side,
        side,
        (action, targetType, targetId, targetName, actorRole, before, after) => {
          const words = auditWords({ action, targetType, targetId, targetName, actorName: '王五', actorRole, before, after, names: {} });
          expect(words.sentence).not.toMatch(UNREADABLE);
          // Each part on its own: two numbers side by side are no id.
          for (const c of words.changes) for (const part of [c.label, c.before ?? '', c.after]) expect(part).not.toMatch(UNREADABLE);
        },
      ),
    );
  });
});
