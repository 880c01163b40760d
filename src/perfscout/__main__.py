from perfscout.cli.main import main

main()
