"""What a record means: the audit of claims, the Muggins ledger and the perfect-information solver."""
