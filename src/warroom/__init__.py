"""warroom: a rules-enforced engine for strategy board wargames of 20th-century Europe."""

__version__ = "0.1.0"
