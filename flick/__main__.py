from flick.cli import main

raise SystemExit(main())
