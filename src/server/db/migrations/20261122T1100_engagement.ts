// biome-ignore-all lint/suspicious/noExplicitAny: migrations take Kysely<any> (Kysely's signature): they must not depend on today's schema types
import type { ColumnDefinitionBuilder, Kysely } from 'kysely';

/**
 * Frozen. Engagement and media: home banners, the photo album (tabs, categories, materials), the
 * two home video feeds (content operations and their tags), comments, likes (thumbs) and reviews
 * (comment scores with tags). Every table is tenant-scoped; the only foreign keys outside this
 * feature are tenants.id and users.id.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const tenantId = (c: ColumnDefinitionBuilder) => c.notNull().references('tenants.id').onDelete('cascade');

  await db.schema
    .createTable('material_posters')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('tenant_id', 'varchar(32)', tenantId)
    .addColumn('name', 'varchar(128)', (c) => c.notNull())
    .addColumn('pic', 'varchar(512)', (c) => c.notNull())
    .addColumn('url', 'varchar(512)')
    .addColumn('seq', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('material_posters_tenant_idx').on('material_posters').columns(['tenant_id', 'enabled', 'seq']).execute();

  await db.schema
    .createTable('material_category_tabs')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('tenant_id', 'varchar(32)', tenantId)
    .addColumn('tab_key', 'varchar(32)', (c) => c.notNull())
    .addColumn('name', 'varchar(64)', (c) => c.notNull())
    .addColumn('seq', 'integer', (c) => c.notNull().defaultTo(0))
    .addUniqueConstraint('material_category_tabs_key_uq', ['tenant_id', 'tab_key'])
    .execute();

  await db.schema
    .createTable('material_categories')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('tenant_id', 'varchar(32)', tenantId)
    .addColumn('category_name', 'varchar(64)', (c) => c.notNull())
    .addColumn('category_tab_key', 'varchar(32)', (c) => c.notNull())
    // null: shown on every client; else only for that client type (PC, H5, …)
    .addColumn('client_type', 'varchar(16)')
    .addColumn('seq', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('state', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('material_categories_tenant_idx').on('material_categories').columns(['tenant_id', 'state', 'seq']).execute();

  await db.schema
    .createTable('materials')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('tenant_id', 'varchar(32)', tenantId)
    .addColumn('category_id', 'varchar(32)', (c) => c.notNull().references('material_categories.id').onDelete('cascade'))
    .addColumn('name', 'varchar(128)', (c) => c.notNull())
    .addColumn('type', 'varchar(8)', (c) => c.notNull())
    .addColumn('pic', 'varchar(512)')
    .addColumn('video', 'varchar(512)')
    .addColumn('introduce', 'varchar(1024)')
    // 1 published (open); 0 hidden
    .addColumn('open', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('seq', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('materials_tenant_category_idx').on('materials').columns(['tenant_id', 'category_id', 'open']).execute();

  await db.schema
    .createTable('content_operation_tags')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('tenant_id', 'varchar(32)', tenantId)
    .addColumn('type', 'varchar(32)', (c) => c.notNull())
    .addColumn('name', 'varchar(64)', (c) => c.notNull())
    .addColumn('seq', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('content_operation_tags_tenant_idx').on('content_operation_tags').columns(['tenant_id', 'type', 'seq']).execute();

  await db.schema
    .createTable('content_operations')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('tenant_id', 'varchar(32)', tenantId)
    .addColumn('type', 'varchar(32)', (c) => c.notNull())
    .addColumn('tag_id', 'varchar(32)', (c) => c.references('content_operation_tags.id').onDelete('set null'))
    .addColumn('title', 'varchar(256)', (c) => c.notNull())
    .addColumn('description', 'varchar(1024)')
    .addColumn('pic', 'varchar(512)')
    .addColumn('content_url', 'varchar(512)')
    .addColumn('content', 'text')
    .addColumn('author', 'varchar(64)')
    .addColumn('author_avatar', 'varchar(512)')
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    // 1 published; anything else hidden
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(0))
    // likes counted before this portal (imported); shown likes = like_base + thumbs records
    .addColumn('like_base', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('content_operations_tenant_type_idx').on('content_operations').columns(['tenant_id', 'type', 'status', 'sort']).execute();

  await db.schema
    .createTable('comments')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('tenant_id', 'varchar(32)', tenantId)
    .addColumn('object_type', 'varchar(32)', (c) => c.notNull())
    .addColumn('object_id', 'varchar(32)', (c) => c.notNull())
    // null for VEST (virtual) comments seeded by the school
    .addColumn('author_id', 'varchar(32)', (c) => c.references('users.id').onDelete('cascade'))
    .addColumn('author_name', 'varchar(64)', (c) => c.notNull())
    .addColumn('author_pic', 'varchar(512)')
    .addColumn('author_role', 'varchar(16)', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    // the comment replied to, and the top comment of the thread (both null for a top comment);
    // deleting a comment deletes the replies below it
    .addColumn('parent_id', 'varchar(32)', (c) => c.references('comments.id').onDelete('cascade'))
    .addColumn('parent_author_name', 'varchar(64)')
    .addColumn('top_id', 'varchar(32)', (c) => c.references('comments.id').onDelete('cascade'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('comments_object_idx').on('comments').columns(['tenant_id', 'object_type', 'object_id', 'created_at']).execute();
  await db.schema.createIndex('comments_top_idx').on('comments').columns(['top_id', 'created_at']).execute();
  await db.schema.createIndex('comments_parent_idx').on('comments').column('parent_id').execute();

  await db.schema
    .createTable('thumbs_records')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('tenant_id', 'varchar(32)', tenantId)
    .addColumn('user_id', 'varchar(32)', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('object_type', 'varchar(32)', (c) => c.notNull())
    .addColumn('object_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('thumbs_records_user_object_uq', ['tenant_id', 'user_id', 'object_type', 'object_id'])
    .execute();
  await db.schema.createIndex('thumbs_records_object_idx').on('thumbs_records').columns(['tenant_id', 'object_type', 'object_id']).execute();

  await db.schema
    .createTable('comment_scores')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('tenant_id', 'varchar(32)', tenantId)
    .addColumn('comment_content', 'text', (c) => c.notNull())
    .addColumn('author_name', 'varchar(64)', (c) => c.notNull())
    .addColumn('author_pic', 'varchar(512)')
    .addColumn('variety_name', 'varchar(128)')
    // JSON array of file URLs
    .addColumn('files', 'text')
    .addColumn('browse_count', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('thumbs_base', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('school_comment', 'text')
    .addColumn('score', 'integer', (c) => c.notNull().defaultTo(5))
    .addColumn('top', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('comment_scores_tenant_idx').on('comment_scores').columns(['tenant_id', 'status', 'top', 'created_at']).execute();

  await db.schema
    .createTable('comment_score_tags')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('tenant_id', 'varchar(32)', tenantId)
    .addColumn('name', 'varchar(64)', (c) => c.notNull())
    .addColumn('seq', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('comment_score_tags_tenant_idx').on('comment_score_tags').columns(['tenant_id', 'seq']).execute();

  await db.schema
    .createTable('comment_score_tag_links')
    .addColumn('tenant_id', 'varchar(32)', tenantId)
    .addColumn('comment_score_id', 'varchar(32)', (c) => c.notNull().references('comment_scores.id').onDelete('cascade'))
    .addColumn('tag_id', 'varchar(32)', (c) => c.notNull().references('comment_score_tags.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('comment_score_tag_links_pk', ['comment_score_id', 'tag_id'])
    .execute();
  await db.schema.createIndex('comment_score_tag_links_tag_idx').on('comment_score_tag_links').columns(['tenant_id', 'tag_id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    'comment_score_tag_links',
    'comment_score_tags',
    'comment_scores',
    'thumbs_records',
    'comments',
    'content_operations',
    'content_operation_tags',
    'materials',
    'material_categories',
    'material_category_tabs',
    'material_posters',
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
