// biome-ignore-all lint/suspicious/noExplicitAny: migrations take Kysely<any> (Kysely's signature): they must not depend on today's schema types
import { PostgresAdapter, sql, type Kysely } from 'kysely';

/**
 * Frozen. A class's numbers of students kept (decision 124): class_totals holds, for each teaching class, everyone
 * signed up to it and those admitted (a service status other than pending admission). The class page's header and the
 * class cards counted the class's students twice on every view: in a class of 20,000, 2 ms of SQLite's time and 4 ms of
 * PostgreSQL's on each of its students' views.
 *
 * The database keeps the numbers itself, whoever writes class_students (the staff screens, a school's import, the
 * seed): triggers count each insert and delete, and each update that moves a student into or out of admission or to
 * another class. A class's row is made with the class and goes with it (on delete cascade).
 *
 * - PostgreSQL counts inserts and deletes once a statement, from the statement's rows (transition tables): a bulk
 *   insert of a class's 20,000 students updates the class's row once, where a trigger for each row would update it
 *   20,000 times in one transaction, each following the row's chain of versions.
 * - SQLite has only triggers for each row; it updates the row in place.
 * - class_totals has no tenant_id: a school's export does not carry it, and its import makes the numbers again from the
 *   rows it writes.
 */

/** classes' SERVICE_STATUS.PENDING_ADMISSION as this migration was written: signed up, not admitted. */
const PENDING_ADMISSION = -1;

const SQLITE_TRIGGERS = [
  sql`create trigger teaching_classes_totals_made after insert on teaching_classes
      begin insert into class_totals (class_id) values (new.id); end`,
  sql`create trigger class_students_totals_added after insert on class_students
      begin
        update class_totals set sign_up_total = sign_up_total + 1,
          admitted_total = admitted_total + (new.service_status <> ${sql.lit(PENDING_ADMISSION)})
        where class_id = new.class_id;
      end`,
  sql`create trigger class_students_totals_removed after delete on class_students
      begin
        update class_totals set sign_up_total = sign_up_total - 1,
          admitted_total = admitted_total - (old.service_status <> ${sql.lit(PENDING_ADMISSION)})
        where class_id = old.class_id;
      end`,
  sql`create trigger class_students_totals_moved after update of service_status, class_id on class_students
      when (old.service_status <> ${sql.lit(PENDING_ADMISSION)}) <> (new.service_status <> ${sql.lit(PENDING_ADMISSION)})
        or old.class_id <> new.class_id
      begin
        update class_totals set sign_up_total = sign_up_total - 1,
          admitted_total = admitted_total - (old.service_status <> ${sql.lit(PENDING_ADMISSION)})
        where class_id = old.class_id;
        update class_totals set sign_up_total = sign_up_total + 1,
          admitted_total = admitted_total + (new.service_status <> ${sql.lit(PENDING_ADMISSION)})
        where class_id = new.class_id;
      end`,
];

/** A statement's rows counted by class: `sign` 1 for rows added, -1 for rows removed. */
const countedBy = (rows: string, sign: number) =>
  `select class_id, ${sign} * count(*) as n, ${sign} * count(*) filter (where service_status <> ${PENDING_ADMISSION}) as a from ${rows} group by class_id`;

const POSTGRES_FUNCTIONS = [
  sql`create function teaching_classes_totals_made() returns trigger language plpgsql as $$
      begin insert into class_totals (class_id) values (new.id); return null; end $$`,
  sql`create function class_students_totals_counted() returns trigger language plpgsql as $$
      begin
        if tg_op = 'INSERT' then
          update class_totals t set sign_up_total = t.sign_up_total + d.n, admitted_total = t.admitted_total + d.a
          from (${sql.raw(countedBy('added', 1))}) d where t.class_id = d.class_id;
        else
          update class_totals t set sign_up_total = t.sign_up_total + d.n, admitted_total = t.admitted_total + d.a
          from (${sql.raw(countedBy('removed', -1))}) d where t.class_id = d.class_id;
        end if;
        return null;
      end $$`,
  sql`create function class_students_totals_moved() returns trigger language plpgsql as $$
      begin
        update class_totals set sign_up_total = sign_up_total - 1,
          admitted_total = admitted_total - (old.service_status <> ${sql.lit(PENDING_ADMISSION)})::int
        where class_id = old.class_id;
        update class_totals set sign_up_total = sign_up_total + 1,
          admitted_total = admitted_total + (new.service_status <> ${sql.lit(PENDING_ADMISSION)})::int
        where class_id = new.class_id;
        return null;
      end $$`,
];

const POSTGRES_TRIGGERS = [
  sql`create trigger teaching_classes_totals_made after insert on teaching_classes
      for each row execute function teaching_classes_totals_made()`,
  sql`create trigger class_students_totals_added after insert on class_students
      referencing new table as added for each statement execute function class_students_totals_counted()`,
  sql`create trigger class_students_totals_removed after delete on class_students
      referencing old table as removed for each statement execute function class_students_totals_counted()`,
  sql`create trigger class_students_totals_moved after update of service_status, class_id on class_students for each row
      when ((old.service_status <> ${sql.lit(PENDING_ADMISSION)}) is distinct from (new.service_status <> ${sql.lit(PENDING_ADMISSION)})
        or old.class_id is distinct from new.class_id)
      execute function class_students_totals_moved()`,
];

export async function up(db: Kysely<any>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .createTable('class_totals')
    .addColumn('class_id', 'varchar(32)', (c) => c.primaryKey().references('teaching_classes.id').onDelete('cascade'))
    .addColumn('sign_up_total', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('admitted_total', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await sql`insert into class_totals (class_id, sign_up_total, admitted_total)
    select tc.id,
      (select count(*) from class_students cs where cs.class_id = tc.id),
      (select count(*) from class_students cs where cs.class_id = tc.id and cs.service_status <> ${sql.lit(PENDING_ADMISSION)})
    from teaching_classes tc`.execute(db);
  for (const statement of pg ? [...POSTGRES_FUNCTIONS, ...POSTGRES_TRIGGERS] : SQLITE_TRIGGERS) await statement.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  for (const name of ['class_students_totals_added', 'class_students_totals_removed', 'class_students_totals_moved']) {
    await sql`drop trigger if exists ${sql.id(name)} ${pg ? sql`on class_students` : sql``}`.execute(db);
  }
  await sql`drop trigger if exists teaching_classes_totals_made ${pg ? sql`on teaching_classes` : sql``}`.execute(db);
  if (pg) {
    for (const name of ['teaching_classes_totals_made', 'class_students_totals_counted', 'class_students_totals_moved']) {
      await sql`drop function if exists ${sql.id(name)}()`.execute(db);
    }
  }
  await db.schema.dropTable('class_totals').execute();
}
