import { type ColumnDefinitionBuilder, type Kysely } from 'kysely';
import { engineOf } from '../dialect';

// Frozen once shipped.
// A person in the loop (issue 37): the tasks an Approval or Wait for Input step gives, each
// holding its run and step, its assignee (a group of the application or one account), the
// message and form, its deadline and, once answered, the answer and who gave it.

type AnyDb = Kysely<unknown>;

const notNull = (c: ColumnDefinitionBuilder) => c.notNull();

export async function up(db: AnyDb): Promise<void> {
  const tasks = engineOf(db) === 'postgres'
    ? db.schema.createTable('workflow_tasks').addColumn('task_id', 'serial', (c) => c.primaryKey())
    : db.schema.createTable('workflow_tasks').addColumn('task_id', 'integer', (c) => c.primaryKey().autoIncrement());
  await tasks
    .addColumn('app_id', 'integer', notNull)
    .addColumn('workflow_id', 'integer', notNull)
    .addColumn('run_id', 'integer', notNull)
    .addColumn('step_number', 'integer', notNull)
    .addColumn('kind', 'varchar(20)', notNull)
    .addColumn('assignee_group_id', 'integer')
    .addColumn('assignee_user', 'varchar(255)')
    .addColumn('assignee_label', 'varchar(300)', notNull)
    .addColumn('message', 'text', notNull)
    .addColumn('fields', 'text', notNull)
    .addColumn('status', 'varchar(20)', notNull)
    .addColumn('deadline_at', 'varchar(30)')
    .addColumn('created_at', 'varchar(30)', notNull)
    .addColumn('decision', 'varchar(20)')
    .addColumn('answer', 'text')
    .addColumn('answered_by', 'varchar(255)')
    .addColumn('answered_at', 'varchar(30)')
    .addForeignKeyConstraint('workflow_tasks_app_fk', ['app_id'], 'apps', ['app_id'], (c) => c.onDelete('cascade'))
    .addForeignKeyConstraint('workflow_tasks_run_fk', ['run_id'], 'workflow_runs', ['run_id'], (c) => c.onDelete('cascade'))
    .execute();
  await db.schema.createIndex('workflow_tasks_open_idx').on('workflow_tasks').columns(['app_id', 'status']).execute();
  await db.schema.createIndex('workflow_tasks_deadline_idx').on('workflow_tasks').columns(['status', 'deadline_at']).execute();
  await db.schema.createIndex('workflow_tasks_run_idx').on('workflow_tasks').column('run_id').execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('workflow_tasks').ifExists().execute();
}
