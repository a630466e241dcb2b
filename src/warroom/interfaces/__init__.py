"""Adapters for RL libraries (install the ``rl`` extra): ``warroom.interfaces.pettingzoo`` and
``warroom.interfaces.openspiel``. They use only the core protocol."""
