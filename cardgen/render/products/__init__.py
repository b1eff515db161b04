"""The print products of `cardgen render`: one module per product."""
