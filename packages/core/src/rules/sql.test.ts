import { describe, expect, it } from 'vitest';
import { countPlaceholders, hasStackedStatements, inferColumns, isTransactionControl, statementKind, stripSqlComments } from './sql';

describe('SQL parsing of the Custom Query dialog', () => {
  it('strips comments but not comment-like text in strings', () => {
    expect(stripSqlComments("SELECT a -- the a\nFROM t /* block\n */ WHERE b = '--not' # mysql\n").replace(/\s+/g, ' ').trim())
      .toBe("SELECT a FROM t WHERE b = '--not'");
  });

  it('counts placeholders outside strings, identifiers and comments', () => {
    expect(countPlaceholders('SELECT * FROM t WHERE a = ? AND b = ?')).toBe(2);
    expect(countPlaceholders("SELECT '?' AS q, \"why?\" FROM t -- ?\nWHERE c = ?")).toBe(1);
    expect(countPlaceholders('INSERT INTO t (a, b) VALUES (?, ?)')).toBe(2);
  });

  it('tells statement kinds apart, past a WITH block', () => {
    expect(statementKind('  select 1')).toBe('SELECT');
    expect(statementKind('/* c */ INSERT INTO t VALUES (1)')).toBe('INSERT');
    expect(statementKind('WITH x AS (SELECT 1) UPDATE t SET a = 1')).toBe('UPDATE');
    expect(statementKind('DELETE FROM t WHERE id = ?')).toBe('DELETE');
    expect(statementKind('DROP TABLE t')).toBe('OTHER');
  });

  it('infers the columns of a corpus of real queries', () => {
    const corpus: [string, string[]][] = [
      ['SELECT id, name, price FROM products', ['id', 'name', 'price']],
      ['SELECT p.id, p.name AS product, c.name customer FROM orders o JOIN products p ON p.id = o.product_id JOIN customers c ON c.id = o.customer_id', ['id', 'product', 'customer']],
      ['SELECT COUNT(*) AS total, SUM(price * stock) value FROM products WHERE stock > ?', ['total', 'value']],
      ['SELECT `order id`, "Full Name" FROM `my table`', ['order id', 'Full Name']],
      ['SELECT DISTINCT city FROM customers -- cities\nORDER BY city', ['city']],
      ['SELECT name, (SELECT COUNT(*) FROM orders o WHERE o.customer_id = c.id) AS orders FROM customers c', ['name', 'orders']],
      ['SELECT * FROM products', ['*']],
      ["SELECT CONCAT(first, ' ', last) AS full_name, IF(active, 'yes', 'no') status FROM users", ['full_name', 'status']],
      ['WITH recent AS (SELECT * FROM orders WHERE ordered_at > ?) SELECT id, status FROM recent', ['id', 'status']],
      ['INSERT INTO customers (name, phone, city) VALUES (?, ?, ?)', ['name', 'phone', 'city']],
      ['INSERT INTO archive (id, total) SELECT id, price * stock FROM products WHERE stock = 0', ['id', 'total']],
      ['INSERT INTO customers SET name = ?, city = ?', ['name', 'city']],
      ['UPDATE products SET price = ?, stock = stock - 1 WHERE id = ?', ['price', 'stock']],
      ['UPDATE orders o JOIN customers c ON c.id = o.customer_id SET o.status = ?, c.city = ? WHERE o.id = ?', ['status', 'city']],
      ['UPDATE "Orders" SET "Status" = ? WHERE id = ?', ['Status']],
      ['DELETE FROM products WHERE id = ?', []],
    ];
    for (const [sql, columns] of corpus) expect(inferColumns(sql), sql).toEqual(columns);
  });

  it('spots stacked statements', () => {
    expect(hasStackedStatements('SELECT 1; DROP TABLE t')).toBe(true);
    expect(hasStackedStatements('SELECT 1;')).toBe(false);
    expect(hasStackedStatements("SELECT ';' AS s")).toBe(false);
  });

  it('tells transaction control from other statements', () => {
    const control = [
      'BEGIN', 'begin work', '/* x */ BEGIN ISOLATION LEVEL SERIALIZABLE', 'START TRANSACTION READ ONLY', 'COMMIT', 'ROLLBACK TO SAVEPOINT a',
      'END', 'ABORT', 'SAVEPOINT a', 'RELEASE SAVEPOINT a', "PREPARE TRANSACTION 'x'", "COMMIT PREPARED 'x'", "XA START 'x'",
      'SET autocommit=0', 'SET SESSION autocommit = OFF', 'set @@autocommit=0', 'SET @@session.autocommit = 0', 'SET LOCAL TRANSACTION READ ONLY',
      'SET TRANSACTION ISOLATION LEVEL READ UNCOMMITTED', 'LOCK TABLES t WRITE', 'LOCK TABLE t IN EXCLUSIVE MODE', 'UNLOCK TABLES',
    ];
    const other = [
      'SELECT 1', 'UPDATE t SET autocommit = 0', 'SET @x = 1', "SET search_path = 'x'", 'SET SESSION sql_mode = \'\'', 'BEGIN NOT ATOMIC SELECT 1; END',
      "SELECT 'BEGIN'", 'PREPARE s FROM ?', 'LOCKED', "SELECT set_config('search_path', 'x', false)", 'SET SESSION CHARACTERISTICS AS TRANSACTION READ ONLY',
    ];
    for (const sql of control) expect(isTransactionControl(sql), sql).toBe(true);
    for (const sql of other) expect(isTransactionControl(sql), sql).toBe(false);
  });
});
