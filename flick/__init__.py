"""flick: a digital table for four zombie games.

- Flick 'em Up! Dead of Winter on a pymunk top-down table (`flick.physics`, `flick.game`,
  `flick.ui`), its ten scenario maps (`scenarios/`), replays and tuning tools.
- The Walking Dead: Surrounded, The Walking Dead: Something to Fear and Rise of the Zombies!
  as text-mode engines with bots (`flick.cards`).
"""

__version__ = "0.1.0"
