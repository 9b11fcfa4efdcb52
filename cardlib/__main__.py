from cardlib.cli import main

raise SystemExit(main())
