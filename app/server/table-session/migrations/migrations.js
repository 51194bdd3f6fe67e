import journal from './meta/_journal.json';
import m0000 from './0000_baseline.sql';
import m0001 from './0001_signed_staff_actions.sql';
import m0002 from './0002_orders.sql';
import m0003 from './0003_kitchen.sql';
import m0004 from './0004_calls.sql';
import m0005 from './0005_refund_failure.sql';
import m0006 from './0006_payment_receipt.sql';
import m0007 from './0007_line_english.sql';
import m0008 from './0008_terminal_card_funding.sql';
import m0009 from './0009_hold_owed_back.sql';
import m0010 from './0010_table_restaurant_id.sql';
import m0011 from './0011_order_lines_in_cents.sql';
import m0012 from './0012_refund_kind.sql';
import m0013 from './0013_registers.sql';

  export default {
    journal,
    migrations: {
      m0000,
m0001,
m0002,
m0003,
m0004,
m0005,
m0006,
m0007,
m0008,
m0009,
m0010,
m0011,
m0012,
m0013
    }
  }
  