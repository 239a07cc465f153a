import type { KyselyPlugin } from 'kysely';
import { describe, expect, test } from 'vitest';
import * as staff from '~/lib/api/contracts/staff';
import * as certs from '~/lib/api/contracts/admin-certificates';
import * as cat from '~/lib/api/contracts/admin-catalog';
import { schoolStudent } from '../setup/certificates';
import { idNumber } from '~/dev/seed/certificates';
import { auditWords } from '~/lib/staff/audit-words';
import { AUDIT_ACTION, STAFF_ROLE } from '~/lib/staff/roles';
import { DEMO, useTestServer } from '../setup/server';
import { asStaff, auditOf } from '../setup/staff';
import { freshStudentMobile, ok, staffer, type Staffer } from '../setup/classes';
import { publishedMajorId, questionInput } from '../setup/catalog';
import { expectRefused } from '../setup/api';
import { ErrorCode } from '~/lib/envelope';
import { t } from '~/server/i18n';
import { pageAudit } from '~/server/staff/audit/audit.service';

/**
 * The audit log names what each entry is about: the thing's name written with the entry (or as it
 * is now), a link to its staff screen while it exists and none once it is deleted, the actor's
 * role; and it is filtered by the kind of thing.
 */

const server = useTestServer();

let serial = 0;
/** A certificate number and a resident ID number no other test of this run uses. */
const fresh = () => {
  serial += 1;
  return {
    number: `AW-${process.pid}-${serial}`,
    idNumber: idNumber(`110105199001${String((serial % 28) + 1).padStart(2, '0')}${String(serial % 1000).padStart(3, '0')}`),
  };
};

const as = (who: Staffer, params?: Record<string, string>) => ({ ...asStaff(who.session, DEMO.id), ...(params ? { params } : {}) });

async function entriesOf(who: Staffer, viewer: Staffer, q: staff.AuditQuery = {}): Promise<staff.AuditEntry[]> {
  return (await ok<{ records: staff.AuditEntry[] }>(server().call(staff.audit, { actorId: who.account.id, size: 100, ...q }, as(viewer)))).records;
}

describe('the log names things', () => {
  test('a revoked certificate by its holder and title, with a link to its page; the actor with their role', async () => {
    const [admin, viewer] = [await staffer(server(), DEMO.id, STAFF_ROLE.admin), await staffer(server(), DEMO.id, STAFF_ROLE.admin)];
    const holder = await schoolStudent(server(), DEMO.id, { name: '张三', idNumber: fresh().idNumber, mobile: freshStudentMobile() });
    const fields = {
      kind: 'skill' as const,
      studentId: holder.userId,
      professionName: '电工上岗证',
      typeOfWorkName: '维修电工',
      level: '四级/中级工',
      sendDate: '2026-06-30',
    };
    const c = await ok<certs.AdminCertificate>(server().call(certs.adminCertificateIssue, fields, as(admin)));
    server().clock.advance(1000);
    await ok(server().call(certs.adminCertificateRevoke, { kind: 'skill', reason: '信息有误' }, as(admin, { id: c.id })));

    const stored = await auditOf(server(), DEMO.id, { targetId: c.id });
    expect(stored.map((r) => r.targetName)).toEqual(['张三 · 电工上岗证', '张三 · 电工上岗证']);
    const [revoked] = await entriesOf(admin, viewer, { action: AUDIT_ACTION.certificateRevoke });
    expect(revoked).toMatchObject({ actorRole: 'admin', targetName: '张三 · 电工上岗证', link: `/admin/certificates/print?kind=skill&id=${c.id}` });
    const words = auditWords(revoked!);
    expect(words.sentence).toBe(`${admin.account.name}（学校管理员）撤销了职业技能等级证书「张三 · 电工上岗证」`);
    expect(words.changes).toContainEqual({ label: '证书状态', before: '有效', after: '已撤销' });
  });

  test('a FAQ by its question: linked while it exists, named and not linked once deleted; filtered by kind of thing', async () => {
    const [editor, viewer] = [await staffer(server(), DEMO.id, STAFF_ROLE.editor), await staffer(server(), DEMO.id, STAFF_ROLE.admin)];
    const majorId = await publishedMajorId(server(), DEMO.id);
    const kept = await ok<cat.AdminQuestion>(server().call(cat.catalogQuestionSave, questionInput(majorId, { name: '如何报名？' }), as(editor)));
    server().clock.advance(1000);
    const gone = await ok<cat.AdminQuestion>(server().call(cat.catalogQuestionSave, questionInput(majorId, { name: '可以退费吗？' }), as(editor)));
    server().clock.advance(1000);
    await ok(server().call(cat.catalogQuestionDelete, {}, as(editor, { id: gone.id })));

    const questions = await entriesOf(editor, viewer, { targetType: 'question' });
    expect(questions.map((e) => [e.action, e.targetName, e.link])).toEqual([
      ['catalog.delete', '可以退费吗？', null],
      ['catalog.create', '可以退费吗？', null],
      ['catalog.create', '如何报名？', `/admin/catalog/questions?id=${kept.id}`],
    ]);
    expect(questions[2]!.actorRole).toBe('editor');
    expect(auditWords(questions[2]!).sentence).toBe(`${editor.account.name}（内容编辑）新建了常见问题「如何报名？」`);
    expect(auditWords(questions[2]!).changes).toContainEqual({ label: '状态', before: null, after: '草稿' });
    expect(await entriesOf(editor, viewer, { targetType: 'skillCert' })).toEqual([]);
    // The link's screen lists the one row it names.
    const linked = await ok<{ records: cat.AdminQuestion[] }>(server().call(cat.catalogQuestions, { id: kept.id }, as(editor)));
    expect(linked.records.map((r) => r.name)).toEqual(['如何报名？']);
  });

  test('a kind of thing that does not exist is refused with a clear message', async () => {
    const viewer = await staffer(server(), DEMO.id, STAFF_ROLE.admin);
    expectRefused(await server().call(staff.audit, { targetType: 'tables' } as never, as(viewer)), ErrorCode.BAD_REQUEST, t('staff.badTarget'));
    expect((await server().call(staff.audit, { targetType: '' } as never, as(viewer))).body.code).toBe(0);
  });
});

describe('the cost of a page', () => {
  test('one statement per kind of thing the page mentions, never one per entry', async () => {
    const editor = await staffer(server(), DEMO.id, STAFF_ROLE.editor);
    const majorId = await publishedMajorId(server(), DEMO.id);
    let statements = 0;
    const counting: KyselyPlugin = {
      transformQuery: (args) => args.node,
      transformResult: async (args) => {
        statements++;
        return args.result;
      },
    };
    const db = server().runtime.db.withPlugin(counting);
    const costOfPage = async () => {
      statements = 0;
      const page = await pageAudit(db, DEMO.id, { current: 1, size: 100, actorId: editor.account.id });
      return { entries: page.records.length, statements };
    };
    const addQuestions = async (n: number) => {
      for (let i = 0; i < n; i++) {
        server().clock.advance(1000);
        await ok(server().call(cat.catalogQuestionSave, questionInput(majorId), as(editor)));
      }
    };
    await addQuestions(2);
    const two = await costOfPage();
    await addQuestions(6);
    const eight = await costOfPage();
    expect([two.entries, eight.entries]).toEqual([2, 8]);
    // The page and its count, the questions, their major, the actors' roles.
    expect(eight.statements).toBe(two.statements);
    expect(eight.statements).toBeLessThanOrEqual(5);
  });
});
